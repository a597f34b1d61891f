import type { TLanguage } from '@claimdesk/contracts';

/** The language an export is written in: the one asked for, else the store's (en if unknown). */
export async function exportLanguage(
  deps: { stores: { language: (tenantId: string) => Promise<TLanguage> } },
  tenantId: string,
  requested: TLanguage | undefined,
): Promise<TLanguage> {
  return requested ?? (await deps.stores.language(tenantId));
}

/** A word in each language, for the headers of an export. */
export type Words = Record<TLanguage, string>;

/** The date of today (UTC) for a file name: cases-claim-open-2026-11-26.csv. */
export const fileDate = (): string => new Date().toISOString().slice(0, 10);
