import {
  ALL_FEATURES_ON,
  CONFIG_DOCUMENTS,
  type TConfigName,
  type TFeatureConfig,
  type TMenuConfig,
  type TTranslationsConfig,
} from '@claimdesk/contracts';
import { http } from './http';
import type { TGrantType } from './session';

type TConfigValue = { menu: TMenuConfig; feature: TFeatureConfig; translations: TTranslationsConfig };

const parse = <N extends TConfigName>(name: N, data: unknown): TConfigValue[N] => {
  const doc = CONFIG_DOCUMENTS[name];
  const parsed = doc.schema.safeParse(data);
  return (parsed.success ? parsed.data : doc.defaultValue) as TConfigValue[N];
};

/**
 * A store configuration document (source, section 7): the store's, falling back to the shared
 * one; one-time-code users read the static "lite" files, with every feature on.
 */
export const loadJsonConfig = async <N extends TConfigName>(
  name: N,
  grantType: TGrantType | null,
): Promise<TConfigValue[N]> => {
  if (grantType === 'otp') {
    if (name === 'feature') return ALL_FEATURES_ON as TConfigValue[N];
    try {
      return parse(name, await http(`/assets/config/${name}-lite.json`));
    } catch {
      return CONFIG_DOCUMENTS[name].defaultValue as TConfigValue[N];
    }
  }
  try {
    return parse(name, await http(`/v2/api/settings/initial-properties/json-config/${name}`));
  } catch {
    return parse(name, await http(`/v2/shared/initial-properties/json-config/${name}`));
  }
};

export const jsonConfigKey = (name: TConfigName, grantType: TGrantType | null) =>
  ['json-config', name, grantType] as const;
