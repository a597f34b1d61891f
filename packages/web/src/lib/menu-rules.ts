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

/** Role rules of the fixed side-menu entries (source, section 6). */
export const MENU_ROLES = {
  dashboard: ADMIN_ROLES,
  suppliers: ADMIN_ROLES,
  'mail-config': ['ADMIN_USER'],
  'mail-templates': ['ADMIN_USER'],
  'store-configs': SUPER_ADMIN_ROLES,
  'claim-item-type': ADMIN_ROLES,
  users: ['ADMIN_USER', ...SUPER_ADMIN_ROLES],
} as const satisfies Record<string, readonly TRole[]>;
export type TMenuEntry = keyof typeof MENU_ROLES;

export const canSee = (entry: TMenuEntry, authorities: readonly string[]): boolean =>
  hasAnyRole(authorities, MENU_ROLES[entry]);
