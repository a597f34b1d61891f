import { Navigate, useParams } from 'react-router';
import { CasesPages } from '../routes/cases/cases-pages';
import { FeatureGate } from './feature-gate';

/** cases/{type}/{workFlow}: type is open or archive; the support workflow needs supportClaim. */
export function CasesGate() {
  const { type, workFlow = '' } = useParams();
  if (type !== 'open' && type !== 'archive') return <Navigate to="/not-found" replace />;
  return (
    <FeatureGate feature={workFlow === 'support' ? 'supportClaim' : undefined}>
      <CasesPages type={type} workFlow={workFlow} />
    </FeatureGate>
  );
}
