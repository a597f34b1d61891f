import { ADMIN_ROLES, hasAnyRole, type TRole } from '@claimdesk/contracts';
import { forbidden } from '../../lib/app-error';
import type { AuthContext } from '../../auth-context';

/** Staff who read and write cases: every role but EXT_USER. */
export const STAFF_ROLES: readonly TRole[] = [
  'STANDARD_USER',
  'MANAGER_USER',
  'ADMIN_USER',
  'SUPER_ADMIN_USER',
  'SUPPER_ADMIN_USER',
  'TEST_ROLE',
];

/** Route options of the staff-only case routes. */
export const staffOnly = { roles: STAFF_ROLES, passwordUsersOnly: true } as const;
/** Route options of the routes that change or remove what only administrators may. */
export const adminsOnly = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;

/**
 * Who may read cases: staff see the store's cases; a one-time-code user sees only the cases
 * whose participants include their email (the answer says which).
 */
export type CaseReader = { kind: 'staff' } | { kind: 'participant'; email: string };

export function caseReader(auth: AuthContext): CaseReader {
  if (auth.grantType === 'otp') return { kind: 'participant', email: auth.username.toLowerCase() };
  if (hasAnyRole(auth.authorities, STAFF_ROLES)) return { kind: 'staff' };
  throw forbidden('Your role does not allow this');
}
