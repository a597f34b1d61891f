/* The languages as plain constants, without zod (see constants/roles.ts); languages.ts adds the schema. */

/** en English, nr Norwegian, da Danish, de German; nr is the default. */
export const LANGUAGES = ['en', 'nr', 'da', 'de'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'nr';

/** Whether a stored or given value is one of the languages. */
export const isLanguage = (value: unknown): value is TLanguage =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
