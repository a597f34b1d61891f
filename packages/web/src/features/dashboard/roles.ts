import type { TRole } from '@claimdesk/contracts';
import { ADMIN_ROLES } from '../../lib/constants';

/** Who sees the store's dashboard (read-only for managers); every other staff member gets a desk. */
export const STORE_DASHBOARD_ROLES: readonly TRole[] = [...ADMIN_ROLES, 'MANAGER_USER'];
