import type { ReactNode } from 'react';
import type { TRole } from '@claimdesk/contracts';
import { hasAnyRole } from '../../lib/constants';
import { useSession } from '../../lib/session';

/** Shows its content only to holders of any listed role; follows changes of the authorities. */
export function RoleGate({
  roles,
  children,
  fallback = null,
}: {
  roles: readonly TRole[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { identity } = useSession();
  return <>{identity && hasAnyRole(identity.authorities, roles) ? children : fallback}</>;
}
