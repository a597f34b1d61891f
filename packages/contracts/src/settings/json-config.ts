import { z } from 'zod';
import { ZText } from '../text';
import { WORKFLOW_KEY } from '../cases/case-fields';
import { ALL_FEATURES_ON, DEFAULT_FEATURES, ZFeatureConfig } from '../features';
import { DEFAULT_COMPENSATION_MODES, ZCompensationModesConfig } from './compensation-modes-config';
import { DEFAULT_COST_FORM, ZCostFormConfig } from './cost-form-config';
import { DEFAULT_DASHBOARD, ZDashboardConfig } from './dashboard-config';
import { DEFAULT_CLAIM_FORM, DEFAULT_SUPPORT_FORM, ZFormConfig } from './form-config';
import {
  DEFAULT_CLAIM_LIST_COLUMNS,
  DEFAULT_SUPPORT_LIST_COLUMNS,
  LITE_LIST_COLUMNS,
  ZListColumnsConfig,
} from './list-columns-config';
import { DEFAULT_MAIL_TEMPLATE_FORM, ZMailTemplateFormConfig } from './mail-template-form-config';
import { DEFAULT_MENU_CONFIG, LITE_MENU_CONFIG, ZMenuConfig } from './menu-config';
import {
  DEFAULT_SEARCH_FILTERS,
  DEFAULT_SUPPORT_SEARCH_FILTERS,
  ZSearchFiltersConfig,
} from './search-filters-config';
import {
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_SUPPORT_STATUS_OPTIONS,
  ZStatusOptionsConfig,
} from './status-options-config';
import { DEFAULT_SUPPORT_TABS, DEFAULT_TABS, LITE_TABS, ZTabsConfig } from './tabs-config';
import { DEFAULT_TRANSLATIONS_CONFIG, ZTranslationsConfig } from './translations-config';

/**
 * The store-wide configuration documents, each with its schema, its built-in default and,
 * where one-time-code users see less, its "lite" variant. A store's document overrides its
 * company's, which overrides the default here.
 */
export const CONFIG_DOCUMENTS = {
  menu: { schema: ZMenuConfig, defaultValue: DEFAULT_MENU_CONFIG, liteValue: LITE_MENU_CONFIG },
  feature: { schema: ZFeatureConfig, defaultValue: DEFAULT_FEATURES, liteValue: ALL_FEATURES_ON },
  translations: { schema: ZTranslationsConfig, defaultValue: DEFAULT_TRANSLATIONS_CONFIG },
  dashboard: { schema: ZDashboardConfig, defaultValue: DEFAULT_DASHBOARD },
  'cost-form': { schema: ZCostFormConfig, defaultValue: DEFAULT_COST_FORM },
  'mail-template-form': { schema: ZMailTemplateFormConfig, defaultValue: DEFAULT_MAIL_TEMPLATE_FORM },
  'compensation-modes': { schema: ZCompensationModesConfig, defaultValue: DEFAULT_COMPENSATION_MODES },
} as const;
export type TConfigName = keyof typeof CONFIG_DOCUMENTS;
export const CONFIG_NAMES = Object.keys(CONFIG_DOCUMENTS) as TConfigName[];
export const isConfigName = (name: string): name is TConfigName => Object.hasOwn(CONFIG_DOCUMENTS, name);
export type TConfigValue = { [N in TConfigName]: z.infer<(typeof CONFIG_DOCUMENTS)[N]['schema']> };

/**
 * The per-workflow documents, named `{kind}.{workflow}` (`form.claim`, `status-options.support`).
 * The support workflow has defaults of its own; any other workflow starts from the claim ones.
 */
export const WORKFLOW_DOCUMENTS = {
  form: { schema: ZFormConfig, claim: DEFAULT_CLAIM_FORM, support: DEFAULT_SUPPORT_FORM },
  'list-columns': {
    schema: ZListColumnsConfig,
    claim: DEFAULT_CLAIM_LIST_COLUMNS,
    support: DEFAULT_SUPPORT_LIST_COLUMNS,
    lite: LITE_LIST_COLUMNS,
  },
  'search-filters': {
    schema: ZSearchFiltersConfig,
    claim: DEFAULT_SEARCH_FILTERS,
    support: DEFAULT_SUPPORT_SEARCH_FILTERS,
  },
  tabs: { schema: ZTabsConfig, claim: DEFAULT_TABS, support: DEFAULT_SUPPORT_TABS, lite: LITE_TABS },
  'status-options': {
    schema: ZStatusOptionsConfig,
    claim: DEFAULT_CLAIM_STATUS_OPTIONS,
    support: DEFAULT_SUPPORT_STATUS_OPTIONS,
  },
} as const;
export type TWorkflowDocumentKind = keyof typeof WORKFLOW_DOCUMENTS;
export const WORKFLOW_DOCUMENT_KINDS = Object.keys(WORKFLOW_DOCUMENTS) as TWorkflowDocumentKind[];
export type TWorkflowDocumentValue = {
  [K in TWorkflowDocumentKind]: z.infer<(typeof WORKFLOW_DOCUMENTS)[K]['schema']>;
};

/** The name of a workflow's document: `form.claim`. */
export const workflowDocumentName = (kind: TWorkflowDocumentKind, workFlow: string): string =>
  `${kind}.${workFlow}`;

export interface ConfigDocument {
  name: string;
  schema: z.ZodType;
  defaultValue: unknown;
  /** What one-time-code users get instead of the stored document, where they see less. */
  liteValue?: unknown;
}

/** The schema and defaults behind a document name, or null for a name that is no document. */
export function configDocument(name: string): ConfigDocument | null {
  if (isConfigName(name)) {
    const doc: { schema: z.ZodType; defaultValue: unknown; liteValue?: unknown } = CONFIG_DOCUMENTS[name];
    return { name, ...doc };
  }
  const dot = name.indexOf('.');
  const kind = name.slice(0, dot);
  const workFlow = name.slice(dot + 1);
  if (dot < 0 || !Object.hasOwn(WORKFLOW_DOCUMENTS, kind) || !WORKFLOW_KEY.test(workFlow)) return null;
  const doc = WORKFLOW_DOCUMENTS[kind as TWorkflowDocumentKind];
  const defaultValue = workFlow === 'support' ? doc.support : doc.claim;
  const liteValue = 'lite' in doc ? doc.lite : undefined;
  return { name, schema: doc.schema, defaultValue, ...(liteValue ? { liteValue } : {}) };
}

/** GET /v2/api/settings/initial-properties/json-config/{name} (and /v2/shared/...): the resolved document. */
export const ZJsonConfigParams = z.object({ name: ZText.min(1).max(100) });
export type TJsonConfigParams = z.infer<typeof ZJsonConfigParams>;
export const ZJsonConfigResponse = z.unknown();
