/**
 * The refinements of the other configuration documents: duplicate keys in every list, the
 * status options' initial status, and the patterns whose message a store's editor sees.
 */
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { ZCompensationModesConfig } from '../settings/compensation-modes-config';
import { ZConfigKey, ZOption } from '../settings/config-common';
import { DEFAULT_COST_FORM, ZCostFormConfig } from '../settings/cost-form-config';
import { ZDashboardConfig } from '../settings/dashboard-config';
import { ZListColumnsConfig } from '../settings/list-columns-config';
import { DEFAULT_MAIL_TEMPLATE_FORM, ZMailTemplateFormConfig } from '../settings/mail-template-form-config';
import { ZMenuConfig } from '../settings/menu-config';
import { ZSearchFiltersConfig } from '../settings/search-filters-config';
import { DEFAULT_CLAIM_STATUS_OPTIONS, ZStatusOptionsConfig } from '../settings/status-options-config';
import { ZTabsConfig } from '../settings/tabs-config';
import { ZTranslationsConfig } from '../settings/translations-config';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));

describe('configuration keys and options', () => {
  it('a key starts with a letter and holds letters, digits, _, . and -, at most 60', () => {
    for (const key of ['a', 'in-progress', 'waiting_supplier', 'v2.1', `a${'b'.repeat(59)}`])
      expect(ZConfigKey.parse(key)).toBe(key);
    for (const key of ['', '1st', '-a', 'a b', 'æ', `a${'b'.repeat(60)}`]) {
      expect(issues(ZConfigKey.safeParse(key)), key).toEqual([
        ': Letters, digits, _, . and -, starting with a letter',
      ]);
    }
  });

  it('an option keeps its value and its trimmed label; an empty label is refused', () => {
    expect(ZOption.parse({ value: 'repair', label: ' Repair ' })).toEqual({
      value: 'repair',
      label: 'Repair',
    });
    expect(paths(ZOption.safeParse({ value: 'repair', label: ' ' }))).toEqual(['label']);
  });
});

describe('duplicates in a list are refused at the second one, with the key named', () => {
  const option = (value: string) => ({ value, label: value });
  it.each<[string, ZodType, unknown, string]>([
    [
      'compensation modes',
      ZCompensationModesConfig,
      [option('refund'), option('repair'), option('refund')],
      '2: Duplicate mode "refund"',
    ],
    [
      'tabs',
      ZTabsConfig,
      [
        { key: 'details', label: 'D', kind: 'fields' },
        { key: 'details', label: 'M', kind: 'mails' },
      ],
      '1: Duplicate tab "details"',
    ],
    [
      'list columns',
      ZListColumnsConfig,
      [
        { key: 'custom.size', label: 'Size' },
        { key: 'custom.size', label: 'S' },
      ],
      '1: Duplicate column "custom.size"',
    ],
    [
      'search filters',
      ZSearchFiltersConfig,
      [
        { key: 'status', label: 'S' },
        { key: 'status', label: 'T' },
      ],
      '1: Duplicate filter "status"',
    ],
  ])('%s', (_what, schema, value, message) => {
    expect(issues(schema.safeParse(value))).toEqual([message]);
  });

  it('in a document, at the list’s path', () => {
    const costForm = { ...DEFAULT_COST_FORM, costTypes: [option('shipping'), option('shipping')] };
    expect(issues(ZCostFormConfig.safeParse(costForm))).toEqual([
      'costTypes.1: Duplicate cost type "shipping"',
    ]);
    const templateForm = {
      ...DEFAULT_MAIL_TEMPLATE_FORM,
      categories: [option('a'), option('b'), option('a')],
    };
    expect(issues(ZMailTemplateFormConfig.safeParse(templateForm))).toEqual([
      'categories.2: Duplicate category "a"',
    ]);
    const dashboard = { tiles: [{ key: 'my-cases' }, { key: 'my-cases', label: 'Mine' }], weeks: 12 };
    expect(issues(ZDashboardConfig.safeParse(dashboard))).toEqual(['tiles.1: Duplicate tile "my-cases"']);
    const statuses = { ...DEFAULT_CLAIM_STATUS_OPTIONS, statuses: [option('new'), option('new')] };
    expect(issues(ZStatusOptionsConfig.safeParse(statuses))).toEqual(['statuses.1: Duplicate status "new"']);
    const dimension = { ...DEFAULT_CLAIM_STATUS_OPTIONS, statusCustomer: [option('told'), option('told')] };
    expect(issues(ZStatusOptionsConfig.safeParse(dimension))).toEqual([
      'statusCustomer.1: Duplicate option "told"',
    ]);
  });
});

describe('status options', () => {
  it('keep every value of a store’s own list', () => {
    const own = {
      statuses: [
        { value: 'open', label: 'Open', color: 'teal' },
        { value: 'done', label: 'Done', isClosed: true },
      ],
      initial: 'open',
      statusClaim: [],
      statusCreditNote: [],
      statusCustomer: [{ value: 'called', label: 'Called' }],
      statusWareHouse: [],
    };
    expect(ZStatusOptionsConfig.parse(own)).toEqual(own);
  });

  it('refuse an initial status that is not one of the statuses', () => {
    expect(
      issues(ZStatusOptionsConfig.safeParse({ ...DEFAULT_CLAIM_STATUS_OPTIONS, initial: 'open' })),
    ).toEqual(['initial: "open" is not one of the statuses']);
  });

  it('refuse no statuses (and so no initial one) and an unknown colour', () => {
    expect(paths(ZStatusOptionsConfig.safeParse({ ...DEFAULT_CLAIM_STATUS_OPTIONS, statuses: [] }))).toEqual([
      'statuses',
      'initial',
    ]);
    const pink = {
      ...DEFAULT_CLAIM_STATUS_OPTIONS,
      statuses: [{ value: 'new', label: 'New', color: 'pink' }],
    };
    expect(paths(ZStatusOptionsConfig.safeParse(pink))).toEqual(['statuses.0.color']);
  });
});

describe('the patterns a store’s editor is told about', () => {
  it('a currency is an ISO 4217 code', () => {
    expect(issues(ZCostFormConfig.safeParse({ ...DEFAULT_COST_FORM, currencies: ['NOK', 'kr'] }))).toEqual([
      'currencies.1: An ISO 4217 code such as NOK',
    ]);
    expect(paths(ZCostFormConfig.safeParse({ ...DEFAULT_COST_FORM, vatRates: [25, 101] }))).toEqual([
      'vatRates.1',
    ]);
  });

  it('a list column is a built-in column or custom.<name>', () => {
    expect(issues(ZListColumnsConfig.safeParse([{ key: 'custom.Size', label: 'Size' }]))).toEqual([
      '0.key: A list column or custom.<name>',
    ]);
    expect(paths(ZListColumnsConfig.safeParse([{ key: 'status', label: 'S', width: 39 }]))).toEqual([
      '0.width',
    ]);
  });

  it('a menu entry’s workflow is lower-case letters, digits and -', () => {
    const menu = [
      { key: 'returns', label: 'Returns', sub: [{ key: 'open', label: 'Open', workFlow: 'Returns' }] },
    ];
    expect(issues(ZMenuConfig.safeParse(menu))).toEqual([
      '0.sub.0.workFlow: Lower-case letters, digits and -',
    ]);
    const fine = [
      {
        key: 'returns',
        label: 'Returns',
        workFlow: 'returns-2',
        roles: ['ADMIN_USER'],
        feature: 'supportClaim',
      },
    ];
    expect(ZMenuConfig.parse(fine)).toEqual(fine);
  });

  it('the dashboard shows 2 to 52 weeks; translations are keyed by a known language', () => {
    expect(paths(ZDashboardConfig.safeParse({ tiles: [], weeks: 1 }))).toEqual(['weeks']);
    expect(paths(ZDashboardConfig.safeParse({ tiles: [], weeks: 53 }))).toEqual(['weeks']);
    const texts = { da: { 'case.customer': 'Kunde', menu: { claim: 'Reklamation' } } };
    expect(ZTranslationsConfig.parse(texts)).toEqual(texts);
    expect(ZTranslationsConfig.safeParse({ xx: { a: 'b' } }).success).toBe(false);
  });
});
