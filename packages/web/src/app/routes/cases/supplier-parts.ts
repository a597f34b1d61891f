import type { TFormConfig } from '@claimdesk/contracts';
import { useWorkflowConfig } from '../../../lib/config-queries';
import { useShell } from '../../../lib/shell-context';

/** A workflow deals with suppliers when its form asks for the case's supplier. */
export const hasSupplierField = (form: TFormConfig | undefined): boolean =>
  (form?.groups ?? []).some((group) => group.fields.some((field) => field.key === 'supplierName'));

/**
 * Whether a workflow's cases get the suppliers feature's picker and bar: for staff, only where the
 * store has suppliers on and the workflow's form has the supplier field (a support question has no
 * supplier to send to); a supplier's contact person reads the claim on its portal tab instead.
 */
export const useHasSupplierParts = (workFlow: string): boolean => {
  const { grantType, features } = useShell();
  const form = useWorkflowConfig('form', workFlow, grantType);
  return grantType === 'password' && features.supplier && hasSupplierField(form.data);
};
