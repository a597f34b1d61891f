/** The case form's configuration (`form.{workflow}`): what a store may configure, and what it is told when not. */
import { describe, expect, it } from 'vitest';
import { CUSTOM_TEXT_MAX_LENGTH } from '../cases/case-fields';
import {
  DEFAULT_CLAIM_FORM,
  DEFAULT_SUPPORT_FORM,
  ZFormConfig,
  ZFormField,
  type TFormConfig,
  type TFormField,
} from '../settings/form-config';

/** Each issue as `path: message`, the path joined with dots as the server's field errors name it. */
const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => i.path.map(String).join('.'));

const customForm: TFormConfig = {
  header: ['customer.name', 'custom.serialNumber'],
  groups: [
    {
      key: 'customer',
      label: 'Customer',
      tab: 'details',
      fields: [
        { key: 'customer.name', label: 'case.field.customerName', type: 'text', required: true, span: 6 },
        { key: 'purchaseDate', label: 'case.field.purchaseDate', type: 'date' },
      ],
    },
    {
      key: 'product',
      label: 'Product',
      tab: 'product-tab',
      fields: [
        { key: 'custom.serialNumber', label: 'Serial number', type: 'text', maxLength: 40, span: 12 },
        {
          key: 'custom.condition',
          label: 'Condition',
          type: 'multi-select',
          options: [
            { value: 'scratched', label: 'Scratched' },
            { value: 'broken_glass', label: 'Broken glass' },
          ],
        },
        { key: 'custom.weight', label: 'Weight', type: 'number', min: 0, max: 0 },
        { key: 'custom.price', label: 'Price', type: 'money', min: 0, max: 1_000_000, feature: 'costReg' },
        { key: 'status', label: 'case.field.status', type: 'select' },
      ],
    },
  ],
};

const field = (overrides: Partial<TFormField>): unknown => ({
  key: 'custom.note',
  label: 'Note',
  type: 'text',
  ...overrides,
});
const formWith = (fields: unknown[], header: string[] = []): unknown => ({
  header,
  groups: [{ key: 'main', label: 'Main', tab: 'details', fields }],
});

describe('ZFormConfig: documents that fit', () => {
  it('takes the built-in claim and support forms as they are', () => {
    expect(ZFormConfig.parse(DEFAULT_CLAIM_FORM)).toEqual(DEFAULT_CLAIM_FORM);
    expect(ZFormConfig.parse(DEFAULT_SUPPORT_FORM)).toEqual(DEFAULT_SUPPORT_FORM);
  });

  it('takes custom fields of every kind and keeps every value, a header of custom fields included', () => {
    expect(ZFormConfig.parse(customForm)).toEqual(customForm);
  });

  it("trims labels, as a store's editor may leave spaces around them", () => {
    const parsed = ZFormField.parse(field({ label: '  Note  ' }));
    expect(parsed).toEqual({ key: 'custom.note', label: 'Note', type: 'text' });
  });

  it('lets a built-in select (status, assignee) go without options: they come from elsewhere', () => {
    expect(ZFormField.safeParse(field({ key: 'assignee', type: 'select' })).success).toBe(true);
  });
});

describe('ZFormField: what a field is refused for', () => {
  it('a key that is neither a built-in field nor custom.<camelCase>', () => {
    for (const key of ['customerName', 'custom.', 'custom.Serial', 'custom.serial-number', 'Custom.x', '']) {
      expect(issues(ZFormField.safeParse(field({ key }))), key).toEqual([
        'key: A built-in field or custom.<name>',
      ]);
    }
  });

  it('a built-in field drawn as another type than its own', () => {
    expect(issues(ZFormField.safeParse(field({ key: 'purchaseDate', type: 'text' })))).toEqual([
      'type: purchaseDate is always date',
    ]);
    expect(issues(ZFormField.safeParse(field({ key: 'items', type: 'textarea' })))).toEqual([
      'type: items is always items',
    ]);
  });

  it('a custom select or multi-select without options, or with an empty list of them', () => {
    for (const type of ['select', 'multi-select'] as const) {
      expect(issues(ZFormField.safeParse(field({ type }))), type).toEqual([
        'options: A select field needs options',
      ]);
    }
    expect(paths(ZFormField.safeParse(field({ type: 'select', options: [] })))).toEqual(['options']);
  });

  it('an option whose value is no configuration key', () => {
    const options = [{ value: '1st', label: 'First' }];
    expect(issues(ZFormField.safeParse(field({ type: 'select', options })))).toEqual([
      'options.0.value: Letters, digits, _, . and -, starting with a letter',
    ]);
  });

  it('a minimum above the maximum, named at min', () => {
    expect(issues(ZFormField.safeParse(field({ type: 'number', min: 10, max: 9 })))).toEqual([
      'min: min is above max',
    ]);
  });

  it('a maxLength above the custom text limit, a span outside 1 to 12, an unknown feature or type', () => {
    expect(ZFormField.safeParse(field({ maxLength: CUSTOM_TEXT_MAX_LENGTH })).success).toBe(true);
    expect(paths(ZFormField.safeParse(field({ maxLength: CUSTOM_TEXT_MAX_LENGTH + 1 })))).toEqual([
      'maxLength',
    ]);
    expect(paths(ZFormField.safeParse(field({ maxLength: 0 })))).toEqual(['maxLength']);
    expect(paths(ZFormField.safeParse(field({ span: 0 })))).toEqual(['span']);
    expect(paths(ZFormField.safeParse(field({ span: 13 })))).toEqual(['span']);
    expect(paths(ZFormField.safeParse({ ...(field({}) as object), feature: 'noSuchFlag' }))).toEqual([
      'feature',
    ]);
    expect(paths(ZFormField.safeParse({ ...(field({}) as object), type: 'colour' }))).toEqual(['type']);
  });

  it('an empty label, or one of only spaces', () => {
    expect(paths(ZFormField.safeParse(field({ label: '   ' })))).toEqual(['label']);
  });
});

describe('ZFormConfig: what a form is refused for, at the path of the offending entry', () => {
  it('two groups with one key, named at the second', () => {
    const group = { key: 'main', label: 'Main', tab: 'details', fields: [field({})] };
    const second = { ...group, fields: [field({ key: 'custom.other' })] };
    expect(issues(ZFormConfig.safeParse({ header: [], groups: [group, second] }))).toEqual([
      'groups.1: Duplicate group "main"',
    ]);
  });

  it('one field twice, even in two groups, named at the second', () => {
    const form = {
      header: [],
      groups: [
        { key: 'a', label: 'A', tab: 'details', fields: [field({}), field({ key: 'customer.name' })] },
        { key: 'b', label: 'B', tab: 'details', fields: [field({ key: 'customer.name' })] },
      ],
    };
    expect(issues(ZFormConfig.safeParse(form))).toEqual([
      'groups.1.fields.0.key: Duplicate field "customer.name"',
    ]);
  });

  it('a header key that is no field of the form', () => {
    expect(issues(ZFormConfig.safeParse(formWith([field({})], ['custom.note', 'orderReference'])))).toEqual([
      'header.1: "orderReference" is not a field of the form',
    ]);
  });

  it('a bad field deep in a group, at its full path', () => {
    const form = formWith([field({}), field({ key: 'status', type: 'text' })]);
    expect(issues(ZFormConfig.safeParse(form))).toEqual(['groups.0.fields.1.type: status is always select']);
  });

  it('no groups, a group without fields, a header of more than eight', () => {
    expect(paths(ZFormConfig.safeParse({ header: [], groups: [] }))).toEqual(['groups']);
    expect(paths(ZFormConfig.safeParse(formWith([])))).toEqual(['groups.0.fields']);
    const nine = Array.from({ length: 9 }, (_, i) => field({ key: `custom.f${String(i)}` }));
    const header = Array.from({ length: 9 }, (_, i) => `custom.f${String(i)}`);
    expect(paths(ZFormConfig.safeParse(formWith(nine, header)))).toEqual(['header']);
  });
});
