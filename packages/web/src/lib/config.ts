import {
  ALL_FEATURES_ON,
  configDocument,
  workflowDocumentName,
  type TConfigName,
  type TConfigValue,
  type TWorkflowDocumentKind,
  type TWorkflowDocumentValue,
} from '@claimdesk/contracts';
import { http } from './http';
import type { TGrantType } from './session';

/** A document that does not fit its schema is replaced by the built-in default, never shown half-broken. */
const parse = (name: string, data: unknown): unknown => {
  const doc = configDocument(name);
  if (!doc) return data;
  const parsed = doc.schema.safeParse(data);
  return parsed.success ? parsed.data : doc.defaultValue;
};

/**
 * A store configuration document (source, section 7) by name (`menu`, `form.claim`): the
 * store's, falling back to the shared one; one-time-code users read the static "lite" files
 * (the server refuses them json-config), with every feature on, and the built-in default for
 * documents without a lite variant.
 */
export const loadConfigDocument = async (name: string, grantType: TGrantType | null): Promise<unknown> => {
  if (grantType === 'otp') {
    if (name === 'feature') return ALL_FEATURES_ON;
    const doc = configDocument(name);
    // Only documents with a lite variant have a static file (generated from the contracts and
    // checked against them by the server tests); the others use the built-in default as is.
    if (!doc?.liteValue) return doc?.defaultValue;
    try {
      return parse(name, await http(`/assets/config/${name}-lite.json`));
    } catch {
      return doc.liteValue;
    }
  }
  try {
    return parse(name, await http(`/v2/api/settings/initial-properties/json-config/${name}`));
  } catch {
    return parse(name, await http(`/v2/shared/initial-properties/json-config/${name}`));
  }
};

export const loadJsonConfig = async <N extends TConfigName>(name: N, grantType: TGrantType | null) =>
  (await loadConfigDocument(name, grantType)) as TConfigValue[N];

export const loadWorkflowConfig = async <K extends TWorkflowDocumentKind>(
  kind: K,
  workFlow: string,
  grantType: TGrantType | null,
) => (await loadConfigDocument(workflowDocumentName(kind, workFlow), grantType)) as TWorkflowDocumentValue[K];

export const jsonConfigKey = (name: string, grantType: TGrantType | null) =>
  ['json-config', name, grantType] as const;
