import { z } from 'zod';
import { ZSafeJson, ZText } from '../text';
import { LANGUAGES } from '../languages';

/** json-config `translations`: extra texts per language, merged over the built-in ones. */
export const ZTranslationsConfig = z.partialRecord(
  z.enum(LANGUAGES),
  z.record(ZText, z.union([ZText, z.record(ZText, ZSafeJson)])),
);
export type TTranslationsConfig = z.infer<typeof ZTranslationsConfig>;
export const DEFAULT_TRANSLATIONS_CONFIG: TTranslationsConfig = {};
