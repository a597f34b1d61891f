import type { TFieldIssue, TFieldIssueCode, TFormField } from '@claimdesk/contracts';
import { i18n } from '../../../lib/i18n';
import { formatFieldNumber } from './form-values';

/** The translation key of each field issue code (`cases:validation.*`, or the common resource's). */
const KEYS: Record<TFieldIssueCode, string> = {
  required: 'common:validation.required',
  invalid_email: 'common:validation.email',
  too_long: 'cases:validation.maxLength',
  too_short: 'cases:validation.minLength',
  too_small: 'cases:validation.min',
  too_big: 'cases:validation.max',
  too_many: 'cases:validation.tooMany',
  too_few: 'cases:validation.tooFew',
  not_a_number: 'cases:validation.number',
  not_an_integer: 'cases:validation.integer',
  not_text: 'cases:validation.notText',
  not_a_boolean: 'cases:validation.notBoolean',
  not_a_list: 'cases:validation.notList',
  not_an_option: 'cases:validation.notAnOption',
  invalid_date: 'cases:validation.date',
  future_date: 'cases:validation.futureDate',
  feature_off: 'cases:validation.featureOff',
  unknown_field: 'cases:validation.unknownField',
  invalid: 'cases:validation.invalid',
};

/** Every translation key a field issue may be shown with (the i18n files' test checks them). */
export const FIELD_ISSUE_KEYS: readonly string[] = [
  ...Object.values(KEYS),
  'cases:validation.decimals',
  'cases:validation.chooseOption',
];

/**
 * A field issue (from the form's rules or the server's `fieldIssues`) in the user's language.
 * With the form field it is about, a number's limits are written as its input shows numbers
 * (money as an amount, not minor units) and a money field's fraction of a minor unit is named
 * as too many decimals.
 */
export function fieldIssueText(
  issue: TFieldIssue,
  field?: TFormField,
  language: string = i18n.language,
): string {
  const params = issue.params ?? {};
  const isNumberField = field?.type === 'number' || field?.type === 'money';
  const number = (value: string | number | undefined) =>
    isNumberField && value !== undefined ? formatFieldNumber(field, Number(value), language) : value;
  switch (issue.code) {
    case 'too_long':
    case 'too_short':
    case 'too_many':
    case 'too_few':
      return i18n.t(KEYS[issue.code], { count: Number(params.max ?? params.min), lng: language });
    case 'too_small':
      return i18n.t(KEYS.too_small, { min: number(params.min), lng: language });
    case 'too_big':
      return i18n.t(KEYS.too_big, { max: number(params.max), lng: language });
    case 'not_an_integer':
      return i18n.t(field?.type === 'money' ? 'cases:validation.decimals' : KEYS.not_an_integer, {
        lng: language,
      });
    case 'not_an_option':
      // A schema's own list (zod's enum) names no value.
      return params.value === undefined
        ? i18n.t('cases:validation.chooseOption', { lng: language })
        : i18n.t(KEYS.not_an_option, { value: params.value, lng: language });
    default:
      return i18n.t(KEYS[issue.code], { ...params, lng: language });
  }
}
