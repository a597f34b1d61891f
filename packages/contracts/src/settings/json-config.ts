import { z } from 'zod';
import { DEFAULT_FEATURES, ZFeatureConfig } from '../features';
import { DEFAULT_MENU_CONFIG, ZMenuConfig } from './menu-config';
import { DEFAULT_TRANSLATIONS_CONFIG, ZTranslationsConfig } from './translations-config';

/**
 * The named store-configuration documents, each with its schema and built-in default.
 * A store's document overrides its company's, which overrides the default here.
 */
export const CONFIG_DOCUMENTS = {
  menu: { schema: ZMenuConfig, defaultValue: DEFAULT_MENU_CONFIG },
  feature: { schema: ZFeatureConfig, defaultValue: DEFAULT_FEATURES },
  translations: { schema: ZTranslationsConfig, defaultValue: DEFAULT_TRANSLATIONS_CONFIG },
} as const;

export type TConfigName = keyof typeof CONFIG_DOCUMENTS;
export const CONFIG_NAMES = Object.keys(CONFIG_DOCUMENTS) as TConfigName[];
export const isConfigName = (name: string): name is TConfigName => Object.hasOwn(CONFIG_DOCUMENTS, name);

/** GET /v2/api/settings/initial-properties/json-config/{name} (and /v2/shared/...): the resolved document. */
export const ZJsonConfigParams = z.object({ name: z.string().min(1).max(100) });
export type TJsonConfigParams = z.infer<typeof ZJsonConfigParams>;
export const ZJsonConfigResponse = z.unknown();
