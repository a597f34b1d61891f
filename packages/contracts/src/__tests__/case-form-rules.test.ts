import { describe, expect, it } from 'vitest';
import {
  caseFormProblems,
  fieldValueProblem,
  formFieldProblem,
  isFieldShown,
  itemRowProblems,
  textMaxLength,
} from '../cases/case-form-rules';
import { issueOf, zodFieldIssue } from '../field-issues';
import {
  BUILT_IN_TEXT_MAX_LENGTH,
  CUSTOMER_NAME_MAX_LENGTH,
  ORDER_REFERENCE_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
} from '../cases/case-limits';
import { CUSTOM_TEXT_MAX_LENGTH } from '../cases/case-fields';
import { ZCaseFields, ZCaseItemInput } from '../cases/case';
import { ZErrorResponse } from '../common';
import { FIELD_ISSUE_CODES } from '../errors';
import { ALL_FEATURES_ON, DEFAULT_FEATURES } from '../features';
import type { TFormConfig, TFormField } from '../settings/form-config';

const field = (over: Partial<TFormField> & Pick<TFormField, 'key' | 'type'>): TFormField => ({
  label: 'Label',
  ...over,
});

const coded = (f: TFormField, value: unknown) => {
  const found = fieldValueProblem(f, value);
  return found && issueOf(found);
};

describe('fieldValueProblem', () => {
  it('checks text: type, the field’s or the contract’s length, the email form', () => {
    const note = field({ key: 'custom.note', type: 'text', maxLength: 5 });
    expect(fieldValueProblem(note, 'too long')).toEqual({
      code: 'too_long',
      params: { max: 5 },
      message: 'At most 5 characters',
    });
    expect(fieldValueProblem(note, 'ok')).toBeNull();
    expect(coded(note, 3)).toEqual({ code: 'not_text' });
    const email = field({ key: 'custom.mail', type: 'email' });
    expect(coded(email, 'nope')).toEqual({ code: 'invalid_email' });
    expect(coded(email, '')).toBeNull();
    expect(coded(email, 'kari@example.no')).toBeNull();
  });

  it('checks numbers and money (minor units) against min and max before wholeness', () => {
    const price = field({ key: 'custom.price', type: 'money', min: 0, max: 1000 });
    expect(fieldValueProblem(price, 2000)?.message).toBe('At most 1000');
    expect(coded(price, 2000)).toEqual({ code: 'too_big', params: { max: 1000 } });
    expect(coded(price, -1)).toEqual({ code: 'too_small', params: { min: 0 } });
    expect(fieldValueProblem(price, 99.5)?.message).toBe('An amount in minor units (a whole number)');
    expect(coded(price, 2000.5)).toEqual({ code: 'too_big', params: { max: 1000 } });
    expect(coded(price, Number.NaN)).toEqual({ code: 'not_a_number' });
    expect(coded(field({ key: 'custom.n', type: 'number' }), 2.5)).toBeNull();
  });

  it('checks dates, options, multi-selects and checkboxes', () => {
    expect(coded(field({ key: 'custom.d', type: 'date' }), '2024-02-30')).toEqual({ code: 'invalid_date' });
    expect(coded(field({ key: 'custom.d', type: 'date' }), '2024-02-29')).toBeNull();
    const colour = field({ key: 'custom.c', type: 'select', options: [{ value: 'red', label: 'Red' }] });
    expect(fieldValueProblem(colour, 'blue')).toEqual({
      code: 'not_an_option',
      params: { value: 'blue' },
      message: '"blue" is not one of the options',
    });
    const many = { ...colour, type: 'multi-select' as const };
    expect(coded(many, ['red', 'green'])).toEqual({ code: 'not_an_option', params: { value: 'green' } });
    expect(coded(many, 'red')).toEqual({ code: 'not_a_list' });
    expect(coded(field({ key: 'custom.w', type: 'checkbox' }), 'yes')).toEqual({ code: 'not_a_boolean' });
  });
});

describe('formFieldProblem and textMaxLength', () => {
  it('asks for a required value first; an unticked required checkbox has none', () => {
    const name = field({ key: 'customer.name', type: 'text', required: true });
    expect(formFieldProblem(name, '')).toMatchObject({ code: 'required', message: 'Required' });
    expect(formFieldProblem(name, null)).toMatchObject({ code: 'required' });
    expect(
      formFieldProblem(field({ key: 'custom.w', type: 'checkbox', required: true }), false),
    ).toMatchObject({
      code: 'required',
    });
    expect(formFieldProblem(field({ key: 'custom.n', type: 'number' }), null)).toBeNull();
  });

  it('takes the contract’s limit of a built-in field, or the field’s own where lower', () => {
    expect(textMaxLength(field({ key: 'customer.name', type: 'text' }))).toBe(CUSTOMER_NAME_MAX_LENGTH);
    expect(textMaxLength(field({ key: 'orderReference', type: 'text', maxLength: 20 }))).toBe(20);
    expect(textMaxLength(field({ key: 'custom.x', type: 'textarea' }))).toBe(CUSTOM_TEXT_MAX_LENGTH);
    expect(textMaxLength(field({ key: 'customer.email', type: 'email' }))).toBeUndefined();
    expect(formFieldProblem(field({ key: 'customer.name', type: 'text' }), 'x'.repeat(201))).toMatchObject({
      code: 'too_long',
      params: { max: 200 },
    });
  });

  it('draws a field only where its feature, and a status dimension’s own flag, is on', () => {
    const costs = field({ key: 'custom.cost', type: 'text', feature: 'costReg' });
    expect(isFieldShown(costs, { ...ALL_FEATURES_ON, costReg: false })).toBe(false);
    expect(isFieldShown(costs, ALL_FEATURES_ON)).toBe(true);
    const claim = field({ key: 'statusClaim', type: 'select' });
    expect(isFieldShown(claim, { ...ALL_FEATURES_ON, statusClaim: false })).toBe(false);
  });
});

describe('caseFormProblems', () => {
  const form: TFormConfig = {
    header: [],
    groups: [
      {
        key: 'main',
        label: 'Main',
        tab: 'details',
        fields: [
          { key: 'customer.name', label: 'Name', type: 'text', required: true },
          { key: 'custom.note', label: 'Note', type: 'text', maxLength: 5 },
          { key: 'custom.cost', label: 'Cost', type: 'money', feature: 'costReg', required: true },
          { key: 'orderReference', label: 'Order', type: 'text', required: true },
        ],
      },
    ],
  };
  const values: Record<string, unknown> = { 'customer.name': 'Ola' };

  it('names unknown, hidden, unfitting and missing fields by form key', () => {
    const problems = caseFormProblems({
      workFlow: 'claim',
      form,
      features: { ...DEFAULT_FEATURES, costReg: false },
      customFields: { note: 'too long', cost: 5, size: 42 },
      valueOf: (key) => values[key],
    });
    expect(Object.fromEntries(Object.entries(problems).map(([k, p]) => [k, p.message]))).toEqual({
      'custom.note': 'At most 5 characters',
      'custom.cost': 'Not available: the costReg feature is off',
      'custom.size': 'The claim form has no field custom.size',
      orderReference: 'Required',
    });
    expect(issueOf(problems['custom.cost'] ?? { code: 'invalid', message: '' })).toEqual({
      code: 'feature_off',
      params: { feature: 'costReg' },
    });
  });

  it('leaves the custom fields alone where none are given, and asks only for shown fields', () => {
    const problems = caseFormProblems({
      workFlow: 'claim',
      form,
      features: { ...DEFAULT_FEATURES, costReg: false },
      valueOf: (key) => ({ ...values, orderReference: 'A1' })[key],
    });
    expect(problems).toEqual({});
  });
});

describe('named limits and the error body', () => {
  it('builds the contract schemas from the named limits', () => {
    const long = (n: number) => 'x'.repeat(n);
    expect(ZCaseFields.shape.orderReference.safeParse(long(ORDER_REFERENCE_MAX_LENGTH)).success).toBe(true);
    expect(ZCaseFields.shape.orderReference.safeParse(long(ORDER_REFERENCE_MAX_LENGTH + 1)).success).toBe(
      false,
    );
    const item = { productName: long(PRODUCT_NAME_MAX_LENGTH + 1), quantity: 1 };
    expect(ZCaseItemInput.safeParse(item).success).toBe(false);
    expect(BUILT_IN_TEXT_MAX_LENGTH['customer.name']).toBe(CUSTOMER_NAME_MAX_LENGTH);
  });

  it('takes coded field issues, and only known codes', () => {
    const body = {
      code: 'VALIDATION_FAILED',
      message: 'x',
      fieldErrors: { a: 'At most 5 characters' },
      fieldIssues: { a: { code: 'too_long', params: { max: 5 } } },
    };
    expect(ZErrorResponse.parse(body)).toEqual(body);
    expect(ZErrorResponse.safeParse({ ...body, fieldIssues: { a: { code: 'nope' } } }).success).toBe(false);
    expect(new Set(FIELD_ISSUE_CODES).size).toBe(FIELD_ISSUE_CODES.length);
  });
});

describe('itemRowProblems', () => {
  it('refuses an item row’s fields as ZCaseItemInput does, with the same codes', () => {
    const ok = { productName: 'Kettle', sku: 'K-1', quantity: 2, faultDescription: null };
    const rows = [
      ok,
      { ...ok, productName: '  ' },
      { ...ok, productName: 'x'.repeat(PRODUCT_NAME_MAX_LENGTH + 1), sku: 's'.repeat(101) },
      { ...ok, quantity: 0 },
      { ...ok, quantity: 2.5 },
      { ...ok, quantity: 100_001, faultDescription: 'f'.repeat(2001) },
      { ...ok, quantity: Number.NaN },
      { ...ok, serialNumber: 'n'.repeat(101) },
    ];
    for (const row of rows) {
      const contract = ZCaseItemInput.safeParse(row);
      const expected = Object.fromEntries(
        (contract.error?.issues ?? []).map((issue) => [issue.path.join('.'), zodFieldIssue(issue)]),
      );
      const found = Object.fromEntries(Object.entries(itemRowProblems(row)).map(([k, p]) => [k, issueOf(p)]));
      expect(found, JSON.stringify(row).slice(0, 80)).toEqual(expected);
    }
    expect(itemRowProblems({ ...ok, quantity: null })).toMatchObject({ quantity: { code: 'required' } });
  });
});
