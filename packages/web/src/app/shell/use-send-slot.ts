import type { TFormConfig } from '@claimdesk/contracts';
import type { TCaseSendSlot } from '../../features/cases/components/case-send-slot';
import { sendToSupplierSlot } from '../../features/suppliers/components/send-to-supplier-slot';
import { useWorkflowConfig } from '../../lib/config-queries';
import type { TGrantType } from '../../lib/session';

/** A workflow deals with suppliers when its form asks for the case's supplier. */
export const hasSupplierField = (form: TFormConfig | undefined): boolean =>
  (form?.groups ?? []).some((group) => group.fields.some((field) => field.key === 'supplierName'));

/**
 * The supplier picker and bar of a workflow's cases, for staff: only where the workflow's form has
 * the supplier field (a support question has no supplier to send to); a supplier's contact person
 * reads the claim on its portal tab instead.
 */
export const useSendSlot = (workFlow: string, grantType: TGrantType | null): TCaseSendSlot | null => {
  const form = useWorkflowConfig('form', workFlow, grantType);
  return grantType === 'password' && hasSupplierField(form.data) ? sendToSupplierSlot : null;
};
