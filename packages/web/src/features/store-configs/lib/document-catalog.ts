import {
  CONFIG_NAMES,
  WORKFLOW_DOCUMENT_KINDS,
  configDocument,
  validateConfigValue,
  workflowDocumentName,
  type TConfigSource,
  type TMenuConfig,
  type TStoredProperty,
} from '@claimdesk/contracts';
import type { TPropertyLevel } from '../api/list-properties';

/** One document as the store-configs screen shows it. */
export interface TDocumentEntry {
  name: string;
  /** `menu`, or the kind of a workflow document (`form`). */
  kind: string;
  workFlow: string | null;
  /** The document stored at the level being edited, if any. */
  own: TStoredProperty | null;
  /** The stored one no longer fits its schema, so it is passed over. */
  isOwnInvalid: boolean;
  /** What the store gets now, and from where. */
  effective: { value: unknown; source: TConfigSource };
  /** What the level being edited falls back to without a stored document. */
  fallback: { value: unknown; source: TConfigSource };
}

export interface TDocumentGroup {
  /** null for the store-wide documents, else the workflow. */
  workFlow: string | null;
  entries: TDocumentEntry[];
}

const valid = (doc: TStoredProperty | undefined): unknown =>
  doc && validateConfigValue(doc.name, doc.value).isValid ? doc.value : undefined;

/** The workflows of a menu, in menu order, each once. */
export const menuWorkflows = (menu: TMenuConfig): string[] => [
  ...new Set(
    menu
      .flatMap((item) => [item.workFlow, ...(item.sub ?? []).map((s) => s.workFlow)])
      .filter((w): w is string => !!w),
  ),
];

/**
 * Every document of the store: the store-wide ones, and the per-workflow ones for the workflows
 * of the store's menu (and of any stored workflow document), resolved store -> company -> default
 * as the server does.
 */
export function buildCatalog(
  storeDocs: TStoredProperty[],
  companyDocs: TStoredProperty[],
  level: TPropertyLevel,
): TDocumentGroup[] {
  const storeBy = new Map(storeDocs.map((d) => [d.name, d]));
  const companyBy = new Map(companyDocs.map((d) => [d.name, d]));

  const entry = (name: string, kind: string, workFlow: string | null): TDocumentEntry => {
    const defaultValue = configDocument(name)?.defaultValue;
    const storeValue = valid(storeBy.get(name));
    const companyValue = valid(companyBy.get(name));
    const companyOrDefault =
      companyValue !== undefined
        ? { value: companyValue, source: 'company' as const }
        : { value: defaultValue, source: 'default' as const };
    const own = (level === 'store' ? storeBy.get(name) : companyBy.get(name)) ?? null;
    return {
      name,
      kind,
      workFlow,
      own,
      isOwnInvalid: own !== null && valid(own) === undefined,
      effective: storeValue !== undefined ? { value: storeValue, source: 'store' } : companyOrDefault,
      fallback: level === 'store' ? companyOrDefault : { value: defaultValue, source: 'default' },
    };
  };

  const fixed = CONFIG_NAMES.map((name) => entry(name, name, null));
  const menu = fixed.find((e) => e.name === 'menu')?.effective.value as TMenuConfig;
  const stored = [...storeBy.keys(), ...companyBy.keys()]
    .map((name) => name.split('.'))
    .filter(([kind, workFlow]) => workFlow && (WORKFLOW_DOCUMENT_KINDS as string[]).includes(kind ?? ''))
    .map(([, workFlow]) => workFlow as string)
    .sort();
  const workflows = [...new Set([...menuWorkflows(menu), ...stored])];
  return [
    { workFlow: null, entries: fixed },
    ...workflows.map((workFlow) => ({
      workFlow,
      entries: WORKFLOW_DOCUMENT_KINDS.map((kind) =>
        entry(workflowDocumentName(kind, workFlow), kind, workFlow),
      ),
    })),
  ];
}
