/** Which configuration documents exist, by name, and that every built-in default fits its own schema. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES } from '../features';
import { DEFAULT_CLAIM_FORM, DEFAULT_SUPPORT_FORM, ZFormConfig } from '../settings/form-config';
import {
  CONFIG_DOCUMENTS,
  CONFIG_NAMES,
  WORKFLOW_DOCUMENTS,
  WORKFLOW_DOCUMENT_KINDS,
  ZJsonConfigParams,
  configDocument,
  isConfigName,
  workflowDocumentName,
} from '../settings/json-config';
import { DEFAULT_MENU_CONFIG, LITE_MENU_CONFIG } from '../settings/menu-config';
import {
  DEFAULT_CLAIM_STATUS_OPTIONS,
  DEFAULT_SUPPORT_STATUS_OPTIONS,
} from '../settings/status-options-config';
import { DEFAULT_TABS, LITE_TABS, type TTabsConfig } from '../settings/tabs-config';
import { LITE_LIST_COLUMNS } from '../settings/list-columns-config';

describe('built-in defaults', () => {
  it('every store-wide document: its default and its lite value fit its schema and keep every value', () => {
    expect(CONFIG_NAMES).toEqual([
      'menu',
      'feature',
      'translations',
      'dashboard',
      'cost-form',
      'mail-template-form',
      'compensation-modes',
    ]);
    for (const name of CONFIG_NAMES) {
      const doc = configDocument(name);
      expect(doc?.schema.parse(doc.defaultValue), name).toEqual(doc?.defaultValue);
      if (doc?.liteValue !== undefined) expect(doc.schema.parse(doc.liteValue), name).toEqual(doc.liteValue);
    }
  });

  it('every per-workflow document: its claim, support and lite values fit its schema and keep every value', () => {
    expect(WORKFLOW_DOCUMENT_KINDS).toEqual([
      'form',
      'list-columns',
      'search-filters',
      'tabs',
      'status-options',
    ]);
    for (const kind of WORKFLOW_DOCUMENT_KINDS) {
      const doc: {
        schema: { parse: (v: unknown) => unknown };
        claim: unknown;
        support: unknown;
        lite?: unknown;
      } = WORKFLOW_DOCUMENTS[kind];
      for (const value of [doc.claim, doc.support, doc.lite].filter((v) => v !== undefined)) {
        expect(doc.schema.parse(value), kind).toEqual(value);
      }
    }
  });
});

describe('configDocument', () => {
  it('finds a store-wide document by its name, with its default and lite value', () => {
    expect(configDocument('menu')).toEqual({
      name: 'menu',
      schema: CONFIG_DOCUMENTS.menu.schema,
      defaultValue: DEFAULT_MENU_CONFIG,
      liteValue: LITE_MENU_CONFIG,
    });
    expect(configDocument('feature')?.defaultValue).toEqual(DEFAULT_FEATURES);
    expect(configDocument('dashboard')).not.toHaveProperty('liteValue');
  });

  it('finds a workflow document as {kind}.{workflow}: support has its own defaults, any other workflow the claim ones', () => {
    expect(configDocument('form.claim')).toEqual({
      name: 'form.claim',
      schema: ZFormConfig,
      defaultValue: DEFAULT_CLAIM_FORM,
    });
    expect(configDocument('form.support')?.defaultValue).toEqual(DEFAULT_SUPPORT_FORM);
    expect(configDocument('form.returns-2')?.defaultValue).toEqual(DEFAULT_CLAIM_FORM);
    expect(configDocument('status-options.support')?.defaultValue).toEqual(DEFAULT_SUPPORT_STATUS_OPTIONS);
    expect(configDocument('status-options.warranty')?.defaultValue).toEqual(DEFAULT_CLAIM_STATUS_OPTIONS);
    expect(configDocument('tabs.claim')).toMatchObject({ defaultValue: DEFAULT_TABS, liteValue: LITE_TABS });
    // A support question has no costs: no Costs tab unless the store adds one.
    const supportTabs = configDocument('tabs.support')?.defaultValue as TTabsConfig;
    expect(supportTabs.map((tab) => tab.kind)).toEqual(['fields', 'mails', 'timeline']);
    expect((configDocument('tabs.claim')?.defaultValue as TTabsConfig).map((tab) => tab.kind)).toContain(
      'costs',
    );
    // A supplier's contact person reads the list without the customer's columns.
    expect(configDocument('list-columns.claim')).toMatchObject({ liteValue: LITE_LIST_COLUMNS });
    expect(LITE_LIST_COLUMNS.map((c) => c.key)).not.toContain('customerName');
    expect(configDocument('search-filters.claim')).not.toHaveProperty('liteValue');
  });

  it('answers null for a name that is no document, so the server can answer 404', () => {
    for (const name of [
      '',
      'form',
      'form.',
      'form.Claim',
      'form.claim.extra',
      'form.-claim',
      `form.${'a'.repeat(41)}`,
      'forms.claim',
      '.claim',
      'menu.claim',
      'toString',
      '__proto__',
      'constructor.claim',
    ]) {
      expect(configDocument(name), JSON.stringify(name)).toBeNull();
    }
  });

  it('names a workflow document as configDocument finds it', () => {
    expect(workflowDocumentName('search-filters', 'support')).toBe('search-filters.support');
    expect(configDocument(workflowDocumentName('search-filters', 'support'))?.name).toBe(
      'search-filters.support',
    );
    expect(isConfigName('menu')).toBe(true);
    expect(isConfigName('form.claim')).toBe(false);
    expect(isConfigName('hasOwnProperty')).toBe(false);
  });
});

describe('ZJsonConfigParams', () => {
  it('takes a name of 1 to 100 characters', () => {
    expect(ZJsonConfigParams.parse({ name: 'form.claim' })).toEqual({ name: 'form.claim' });
    expect(ZJsonConfigParams.safeParse({ name: '' }).error?.issues.map((i) => i.path)).toEqual([['name']]);
    expect(ZJsonConfigParams.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
  });
});
