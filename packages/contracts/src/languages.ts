import { z } from 'zod';

/** en English, nr Norwegian, da Danish, de German; nr is the default. */
export const LANGUAGES = ['en', 'nr', 'da', 'de'] as const;
export const ZLanguage = z.enum(LANGUAGES);
export type TLanguage = z.infer<typeof ZLanguage>;
export const DEFAULT_LANGUAGE: TLanguage = 'nr';
