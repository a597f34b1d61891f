import type { TLanguage, TRole } from '@claimdesk/contracts';

/*
 * Constants of the contracts needed on the sign-in page. The contract modules that hold them
 * also build zod schemas, which would put zod (25 KB gzip) into the /login bundle; so they are
 * restated here, and the types below make the compiler check them against the contracts.
 */

export const LANGUAGES = ['en', 'nr', 'da', 'de'] as const satisfies readonly TLanguage[];
export const DEFAULT_LANGUAGE: TLanguage = 'nr';

export const SUPER_ADMIN_ROLES = ['SUPER_ADMIN_USER', 'SUPPER_ADMIN_USER'] as const satisfies readonly TRole[];
export const ADMIN_ROLES = ['ADMIN_USER', ...SUPER_ADMIN_ROLES] as const satisfies readonly TRole[];

export const hasAnyRole = (authorities: readonly string[], roles: readonly TRole[]): boolean =>
  authorities.some((a) => (roles as readonly string[]).includes(a));

// Every contract language is listed (the reverse of the `satisfies` above).
type TExhaustive<TAll, TListed> = [TAll] extends [TListed] ? true : never;
export const LANGUAGES_COMPLETE: TExhaustive<TLanguage, (typeof LANGUAGES)[number]> = true;
