/*
 * The roles as plain constants, without zod, so the browser's sign-in page can use them
 * without loading zod; roles.ts adds the schema.
 */

/** Every role the product knows. Both super-admin spellings exist and are accepted everywhere. */
export const ROLES = [
  'SUPPER_ADMIN_USER',
  'SUPER_ADMIN_USER',
  'ADMIN_USER',
  'STANDARD_USER',
  'MANAGER_USER',
  'TEST_ROLE',
  'EXT_USER',
] as const;
export type TRole = (typeof ROLES)[number];

export const SUPER_ADMIN_ROLES: readonly TRole[] = ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'];
/** The administrator roles: ADMIN_USER and both super-admin spellings. */
export const ADMIN_ROLES: readonly TRole[] = ['ADMIN_USER', ...SUPER_ADMIN_ROLES];

export const hasAnyRole = (authorities: readonly string[], roles: readonly TRole[]): boolean =>
  authorities.some((a) => (roles as readonly string[]).includes(a));
