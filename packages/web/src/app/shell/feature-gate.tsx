import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { TFeatureFlag } from '@claimdesk/contracts';
import { useShell } from '../../lib/shell-context';

/** A route with a feature setting opens only while the feature is on; otherwise back to / (source, section 5). */
export function FeatureGate({
  feature,
  children,
}: {
  feature: TFeatureFlag | undefined;
  children: ReactNode;
}) {
  const { features } = useShell();
  if (feature && !features[feature]) return <Navigate to="/" replace />;
  return <>{children}</>;
}
