import { Navigate, useParams } from 'react-router';
import { CasesRoutes } from '../../features/cases/routes/cases-routes';
import { FeatureGate } from './feature-gate';

/** cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. */
export function CasesGate() {
  const { type, workFlow = '' } = useParams();
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <CasesRoutes type={type} workFlow={workFlow} />
    </FeatureGate>
  );
}
