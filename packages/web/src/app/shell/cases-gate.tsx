import { Navigate, useParams } from 'react-router';
import { CaseSendSlot } from '../../features/cases/components/case-send-slot';
import { CasesRoutes } from '../../features/cases/routes/cases-routes';
import { sendToSupplierSlot } from '../../features/suppliers/components/send-to-supplier-slot';
import { FeatureGate } from './feature-gate';

/**
 * cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. The
 * case's supplier picker and bar are the suppliers feature's, handed in through a slot.
 */
export function CasesGate() {
  const { type, workFlow = '' } = useParams();
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <CaseSendSlot value={sendToSupplierSlot}>
        <CasesRoutes type={type} workFlow={workFlow} />
      </CaseSendSlot>
    </FeatureGate>
  );
}
