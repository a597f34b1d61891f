import { z } from 'zod';
import { LANGUAGES } from './constants/languages';

export * from './constants/languages';
export const ZLanguage = z.enum(LANGUAGES);
