// The rules of a store's case form, in one place: the server checks a case with them and the
// web's case form checks each field with them before it sends, so the two cannot drift apart.
import { ZEmail } from '../common';
import type { TFeatureConfig } from '../features';
import { fieldProblem, type TFieldProblem } from '../field-issues';
import type { TFormConfig, TFormField } from '../settings/form-config';
import { CUSTOM_TEXT_MAX_LENGTH, STATUS_DIMENSIONS } from './case-fields';
import {
  BUILT_IN_TEXT_MAX_LENGTH,
  FAULT_DESCRIPTION_MAX_LENGTH,
  ITEM_QUANTITY_MAX,
  ITEM_QUANTITY_MIN,
  PRODUCT_NAME_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  SKU_MAX_LENGTH,
} from './case-limits';

const problem = fieldProblem;

export const isCustomFieldKey = (key: string): boolean => key.startsWith('custom.');

/** A form field is drawn and checked where its feature flag (and a status dimension's own flag) is on. */
export const isFieldShown = (field: TFormField, features: TFeatureConfig): boolean =>
  (!field.feature || features[field.feature]) &&
  (!(STATUS_DIMENSIONS as readonly string[]).includes(field.key) ||
    features[field.key as keyof TFeatureConfig]);

/** No value: nothing, empty text, an empty list; for a checkbox also unticked. */
export const isEmptyValue = (field: TFormField, value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (field.type === 'checkbox' && value === false);

/**
 * The most characters a text field of the form takes: the contract's limit of a built-in field
 * (or of any custom one), or the field's own `maxLength` where lower. Undefined where neither sets one.
 */
export const textMaxLength = (field: TFormField): number | undefined => {
  const contract = isCustomFieldKey(field.key) ? CUSTOM_TEXT_MAX_LENGTH : BUILT_IN_TEXT_MAX_LENGTH[field.key];
  if (contract === undefined) return field.maxLength;
  return Math.min(field.maxLength ?? contract, contract);
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real day as YYYY-MM-DD (2024-02-30 is not one). */
export const isIsoDate = (v: string): boolean =>
  DATE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

function textProblem(field: TFormField, value: unknown): TFieldProblem | null {
  if (typeof value !== 'string') return problem('not_text', 'Must be text');
  const max = textMaxLength(field);
  if (max !== undefined && value.length > max)
    return problem('too_long', `At most ${max} characters`, { max });
  if (field.type === 'email' && value !== '' && !ZEmail.safeParse(value).success)
    return problem('invalid_email', 'Must be a valid email address');
  return null;
}

function numberProblem(field: TFormField, value: unknown): TFieldProblem | null {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return problem('not_a_number', 'Must be a number');
  if (field.min !== undefined && value < field.min)
    return problem('too_small', `At least ${field.min}`, { min: field.min });
  if (field.max !== undefined && value > field.max)
    return problem('too_big', `At most ${field.max}`, { max: field.max });
  // Money is kept in minor units (øre, cent), as the form sends it and cost registration keeps it.
  if (field.type === 'money' && !Number.isInteger(value))
    return problem('not_an_integer', 'An amount in minor units (a whole number)');
  return null;
}

const notAnOption = (value: string) =>
  problem('not_an_option', `"${value}" is not one of the options`, { value });

/**
 * Why a value (as the API takes it: money in minor units) does not fit its form field's type
 * and limits, or null when it does. Null is no value and always fits; whether one is needed is
 * `requiredProblem`'s question.
 */
export function fieldValueProblem(field: TFormField, value: unknown): TFieldProblem | null {
  if (value === null) return null;
  const options = field.options?.map((o) => o.value);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
      return textProblem(field, value);
    case 'number':
    case 'money':
      return numberProblem(field, value);
    case 'date':
      return typeof value === 'string' && (value === '' || isIsoDate(value))
        ? null
        : problem('invalid_date', 'A date as YYYY-MM-DD');
    case 'select':
      if (typeof value !== 'string') return problem('not_an_option', 'Choose one of the options');
      return value === '' || !options || options.includes(value) ? null : notAnOption(value);
    case 'multi-select': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        return problem('not_a_list', 'Choose from the options');
      const bad = options ? (value as string[]).filter((v) => !options.includes(v)) : [];
      return bad[0] === undefined ? null : notAnOption(bad[0]);
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : problem('not_a_boolean', 'Must be true or false');
    case 'items':
      return problem('invalid', 'An item list cannot be a custom field');
  }
}

/** 'Required' where the field needs a value and has none. */
export const requiredProblem = (field: TFormField, value: unknown): TFieldProblem | null =>
  field.required && isEmptyValue(field, value) ? problem('required', 'Required') : null;

/** One drawn field's check, as the form runs it on each field: required first, then type and limits. */
export const formFieldProblem = (field: TFormField, value: unknown): TFieldProblem | null =>
  requiredProblem(field, value) ?? (isEmptyValue(field, value) ? null : fieldValueProblem(field, value));

export interface TCaseFormInput {
  /** The workflow's name, for the texts ("The claim form has no field …"). */
  workFlow: string;
  form: TFormConfig;
  features: TFeatureConfig;
  /** The custom fields' values by name (without `custom.`); undefined where the request sets none. */
  customFields?: Readonly<Record<string, unknown>>;
  /** The value of any form key (`customer.name`, `custom.warranty`, `items`), for the required check. */
  valueOf: (key: string) => unknown;
}

/**
 * Checks a case's values against its workflow's form: custom fields known, shown and of their
 * type within their limits (where `customFields` is given), and every required field that is
 * shown filled. Problems by form key; empty when all fit.
 */
export function caseFormProblems(input: TCaseFormInput): Record<string, TFieldProblem> {
  const problems: Record<string, TFieldProblem> = {};
  const fields = input.form.groups.flatMap((g) => g.fields);
  const isShown = (f: TFormField) => isFieldShown(f, input.features);
  if (input.customFields) {
    const custom = new Map(fields.filter((f) => isCustomFieldKey(f.key)).map((f) => [f.key.slice(7), f]));
    for (const [name, value] of Object.entries(input.customFields)) {
      const key = `custom.${name}`;
      const field = custom.get(name);
      const found = !field
        ? problem('unknown_field', `The ${input.workFlow} form has no field ${key}`)
        : !isShown(field) && !isEmptyValue(field, value)
          ? problem('feature_off', `Not available: the ${field.feature ?? ''} feature is off`, {
              feature: field.feature ?? '',
            })
          : fieldValueProblem(field, value);
      if (found) problems[key] = found;
    }
  }
  for (const field of fields) {
    if (problems[field.key] || !isShown(field)) continue;
    const found = requiredProblem(field, input.valueOf(field.key));
    if (found) problems[field.key] = found;
  }
  return problems;
}

/** One item row's values as the API takes them (ZCaseItemInput); the quantity null when none, NaN when not a number. */
export interface TItemRowInput {
  productName: string;
  sku?: string | null;
  quantity: number | null;
  faultDescription?: string | null;
  serialNumber?: string | null;
}
export type TItemRowField = 'productName' | 'sku' | 'quantity' | 'faultDescription' | 'serialNumber';

const longerThan = (value: string | null | undefined, max: number): TFieldProblem | null =>
  (value ?? '').trim().length > max ? problem('too_long', `At most ${max} characters`, { max }) : null;

function quantityProblem(quantity: number | null): TFieldProblem | null {
  if (quantity === null) return problem('required', 'Required');
  if (!Number.isFinite(quantity)) return problem('not_a_number', 'Must be a number');
  if (!Number.isInteger(quantity)) return problem('not_an_integer', 'Must be a whole number');
  if (quantity < ITEM_QUANTITY_MIN)
    return problem('too_small', `At least ${ITEM_QUANTITY_MIN}`, { min: ITEM_QUANTITY_MIN });
  if (quantity > ITEM_QUANTITY_MAX)
    return problem('too_big', `At most ${ITEM_QUANTITY_MAX}`, { max: ITEM_QUANTITY_MAX });
  return null;
}

/**
 * Why an item row would be refused, by field, as ZCaseItemInput refuses it (the form checks a row
 * with this before it sends; the contract's test holds the two together). Empty when it fits.
 */
export function itemRowProblems(row: TItemRowInput): Partial<Record<TItemRowField, TFieldProblem>> {
  const found: [TItemRowField, TFieldProblem | null][] = [
    [
      'productName',
      row.productName.trim() === ''
        ? problem('required', 'Required')
        : longerThan(row.productName, PRODUCT_NAME_MAX_LENGTH),
    ],
    ['sku', longerThan(row.sku, SKU_MAX_LENGTH)],
    ['quantity', quantityProblem(row.quantity)],
    ['faultDescription', longerThan(row.faultDescription, FAULT_DESCRIPTION_MAX_LENGTH)],
    ['serialNumber', longerThan(row.serialNumber, SERIAL_NUMBER_MAX_LENGTH)],
  ];
  return Object.fromEntries(
    found.filter((entry): entry is [TItemRowField, TFieldProblem] => entry[1] !== null),
  );
}
