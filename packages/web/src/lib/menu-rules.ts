import type { TFeatureConfig, TMenuConfig, TMenuItem, TRole } from '@claimdesk/contracts';
import { ADMIN_ROLES, hasAnyRole, SUPER_ADMIN_ROLES } from './constants';

export const DEFAULT_WORKFLOW = 'claim';

const allowed = (
  item: Pick<TMenuItem, 'feature' | 'roles'>,
  features: TFeatureConfig,
  authorities: readonly string[],
) => (!item.feature || features[item.feature]) && (!item.roles || hasAnyRole(authorities, item.roles));

/** The configured menu as this user sees it: entries of disabled features or other roles removed. */
export const visibleMenu = (
  menu: TMenuConfig,
  features: TFeatureConfig,
  authorities: readonly string[],
): TMenuConfig =>
  menu
    .filter((item) => allowed(item, features, authorities))
    .map((item) =>
      item.sub ? { ...item, sub: item.sub.filter((s) => allowed(s, features, authorities)) } : item,
    );

/** After sign-in: the first item's first sub-item's workFlow, else the first item's, else claim. */
export const postLoginWorkflow = (menu: TMenuConfig): string =>
  menu[0]?.sub?.[0]?.workFlow ?? menu[0]?.workFlow ?? DEFAULT_WORKFLOW;

/** The empty path: the second item's second sub-item's workFlow, else the item's own, else claim. */
export const defaultWorkflow = (menu: TMenuConfig): string =>
  menu[1]?.sub?.[1]?.workFlow ?? menu[1]?.workFlow ?? DEFAULT_WORKFLOW;

export const casesPath = (workFlow: string, archived = false): string =>
  `/cases/${archived ? 'archive' : 'open'}/${workFlow}`;

const USER_ADMIN_ROLES: readonly TRole[] = ['ADMIN_USER', ...SUPER_ADMIN_ROLES];

/**
 * Who may open each guarded screen, and so see its side-menu entry: one table for the menu and
 * the route guards, so that a screen whose entry a role does not see is refused when its address
 * is typed (source, section 6). `roles`: any of them; `passwordOnly`: not for one-time-code users.
 */
export const ACCESS_RULES = {
  // The store's dashboard for administrators and managers, an agent's own desk for the other
  // staff (issue 35.6); not for external accounts.
  dashboard: { roles: [...ADMIN_ROLES, 'MANAGER_USER', 'STANDARD_USER', 'TEST_ROLE'] },
  suppliers: { roles: ADMIN_ROLES },
  // Administrators and managers (issue 25).
  reports: { roles: [...ADMIN_ROLES, 'MANAGER_USER'] },
  'mail-config': { roles: ['ADMIN_USER'] },
  'mail-templates': { roles: ['ADMIN_USER'] },
  'store-configs': { roles: SUPER_ADMIN_ROLES },
  // The everyday documents through forms (issue 35.5): the API's administrators.
  'forms-and-lists': { roles: ADMIN_ROLES, passwordOnly: true },
  'claim-item-type': { roles: ADMIN_ROLES },
  users: { roles: USER_ADMIN_ROLES },
  // Who changed what (issue 34.3): administrators signed in with a password, as the API allows.
  'audit-log': { roles: ADMIN_ROLES, passwordOnly: true },
  // A customer's data on request (issue 34.4): the same administrators as the API allows.
  privacy: { roles: ADMIN_ROLES, passwordOnly: true },
  shops: { roles: ADMIN_ROLES, passwordOnly: true },
  // Everyone's own profile (the side menu's profile entry links to /users, source section 6): the
  // users screen shows its table of users only to user administrators.
  profile: { passwordOnly: true },
  inbox: { passwordOnly: true },
  'unmapped-mails': { passwordOnly: true },
  // Where an external account learns how it becomes a full one, and administrators upgrade it
  // (PRODUCT.md); a full agent has no business here.
  'upgrade-account': { roles: ['EXT_USER', ...USER_ADMIN_ROLES] },
} as const satisfies Record<string, { roles?: readonly TRole[]; passwordOnly?: true }>;
export type TGuardedScreen = keyof typeof ACCESS_RULES;

/** Whether this identity may open the screen (and see its menu entry). */
export const canOpen = (
  screen: TGuardedScreen,
  identity: { authorities: readonly string[]; grantType: string },
): boolean => {
  const rule: { roles?: readonly TRole[]; passwordOnly?: true } = ACCESS_RULES[screen];
  if (rule.passwordOnly && identity.grantType !== 'password') return false;
  return !rule.roles || hasAnyRole(identity.authorities, rule.roles);
};

/** The side menu's role-gated entries, their roles from ACCESS_RULES. */
const MENU_ENTRIES = [
  'dashboard',
  'suppliers',
  'reports',
  'mail-config',
  'mail-templates',
  'store-configs',
  'forms-and-lists',
  'claim-item-type',
  'users',
  'audit-log',
  'privacy',
  'shops',
] as const satisfies readonly TGuardedScreen[];
export type TMenuEntry = (typeof MENU_ENTRIES)[number];

/** Role rules of the fixed side-menu entries (source, section 6), as the screens check them. */
export const MENU_ROLES = Object.fromEntries(
  MENU_ENTRIES.map((entry) => [entry, ACCESS_RULES[entry].roles]),
) as { readonly [K in TMenuEntry]: (typeof ACCESS_RULES)[K]['roles'] };

export const canSee = (entry: TMenuEntry, authorities: readonly string[]): boolean =>
  hasAnyRole(authorities, MENU_ROLES[entry]);

/** The settings entries in menu order: /settings opens the first this user may open. */
export const SETTINGS_PATHS = [
  ['mail-config', '/settings/mail-config'],
  ['mail-templates', '/settings/mail-templates'],
  ['store-configs', '/settings/store-configs'],
  ['forms-and-lists', '/settings/forms-and-lists'],
  ['claim-item-type', '/settings/claim-item-type'],
  ['users', '/users'],
  ['audit-log', '/settings/audit-log'],
  ['privacy', '/settings/privacy'],
  ['shops', '/settings/shops'],
] as const satisfies readonly (readonly [TGuardedScreen, string])[];

/** The addresses of the guarded screens (each with everything under it). */
export const GUARDED_PATHS = [
  ['/dashboard', 'dashboard'],
  ['/suppliers', 'suppliers'],
  ['/reports', 'reports'],
  ['/settings/mail-config', 'mail-config'],
  ['/settings/mail-templates', 'mail-templates'],
  ['/settings/forms-and-lists', 'forms-and-lists'],
  ['/settings/store-configs', 'store-configs'],
  ['/settings/claim-item-type', 'claim-item-type'],
  ['/settings/upgrade-account', 'upgrade-account'],
  ['/settings/audit-log', 'audit-log'],
  ['/settings/privacy', 'privacy'],
  ['/settings/shops', 'shops'],
  ['/users', 'profile'],
  ['/messages', 'inbox'],
  ['/unmapped-mails', 'unmapped-mails'],
] as const satisfies readonly (readonly [string, TGuardedScreen])[];

/** The guarded screen at this address, if any. */
export const screenAt = (pathname: string): TGuardedScreen | undefined =>
  GUARDED_PATHS.find(([path]) => pathname === path || pathname.startsWith(`${path}/`))?.[1];
