import { ADMIN_ROLES } from '@claimdesk/contracts';

/** Mailbox settings and their OAuth sign-in are for administrators (ADMIN_USER and both super-admin spellings). */
export const mailboxAdmins = { roles: ADMIN_ROLES, passwordUsersOnly: true } as const;
