import { Navigate, useParams } from 'react-router';
import { CaseSendSlot } from '../../features/cases/components/case-send-slot';
import { CasesRoutes } from '../../features/cases/routes/cases-routes';
import { sendToSupplierSlot } from '../../features/suppliers/components/send-to-supplier-slot';
import { FeatureGate } from './feature-gate';
import { useShell } from '../../lib/shell-context';

/**
 * cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. The
 * case's supplier picker and bar are the suppliers feature's, handed in through a slot, for staff
 * only: a supplier's contact person (one-time code) reads the claim on its portal tab instead.
 */
export function CasesGate() {
  const { type, workFlow = '' } = useParams();
  const { grantType } = useShell();
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <CaseSendSlot value={grantType === 'password' ? sendToSupplierSlot : null}>
        <CasesRoutes type={type} workFlow={workFlow} />
      </CaseSendSlot>
    </FeatureGate>
  );
}
