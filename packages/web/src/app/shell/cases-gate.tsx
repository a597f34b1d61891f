import { Navigate, useParams } from 'react-router';
import { CaseSendSlot } from '../../features/cases/components/case-send-slot';
import { CasesRoutes } from '../../features/cases/routes/cases-routes';
import { FeatureGate } from './feature-gate';
import { useShell } from '../../lib/shell-context';
import { useSendSlot } from './use-send-slot';

/**
 * cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. The
 * case's supplier picker and bar are the suppliers feature's, handed in through a slot (useSendSlot:
 * staff only, and only for a workflow with suppliers).
 */
export function CasesGate() {
  const { type, workFlow = '' } = useParams();
  const { grantType } = useShell();
  const sendSlot = useSendSlot(workFlow, grantType);
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <CaseSendSlot value={sendSlot}>
        <CasesRoutes type={type} workFlow={workFlow} />
      </CaseSendSlot>
    </FeatureGate>
  );
}
