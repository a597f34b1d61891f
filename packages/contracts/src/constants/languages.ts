/* The languages as plain constants, without zod (see constants/roles.ts); languages.ts adds the schema. */

/** en English, nr Norwegian, da Danish, de German; nr is the default. */
export const LANGUAGES = ['en', 'nr', 'da', 'de'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'nr';
