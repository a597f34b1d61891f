import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** json-config `translations`: extra texts per language, merged over the built-in ones. */
export const ZTranslationsConfig = z.partialRecord(
  z.enum(LANGUAGES),
  z.record(z.string(), z.union([z.string(), z.record(z.string(), z.unknown())])),
);
export type TTranslationsConfig = z.infer<typeof ZTranslationsConfig>;
export const DEFAULT_TRANSLATIONS_CONFIG: TTranslationsConfig = {};
