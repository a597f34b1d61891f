import type { TFieldIssue, TFieldIssueCode } from '@claimdesk/contracts';
import { i18n } from './i18n';

/** The translation key of each field issue code (`common:validation.*`). */
const KEYS: Record<TFieldIssueCode, string> = {
  required: 'common:validation.required',
  invalid_email: 'common:validation.email',
  too_long: 'common:validation.maxLength',
  too_short: 'common:validation.minLength',
  too_small: 'common:validation.min',
  too_big: 'common:validation.max',
  too_many: 'common:validation.tooMany',
  too_few: 'common:validation.tooFew',
  not_a_number: 'common:validation.number',
  not_an_integer: 'common:validation.integer',
  not_text: 'common:validation.notText',
  not_a_boolean: 'common:validation.notBoolean',
  not_a_list: 'common:validation.notList',
  not_an_option: 'common:validation.notAnOption',
  invalid_date: 'common:validation.date',
  future_date: 'common:validation.futureDate',
  feature_off: 'common:validation.featureOff',
  unknown_field: 'common:validation.unknownField',
  unknown_placeholder: 'common:validation.unknownPlaceholder',
  unclosed_placeholder: 'common:validation.unclosedPlaceholder',
  fallback_too_long: 'common:validation.fallbackTooLong',
  not_a_key: 'common:validation.notAKey',
  needs_letter: 'common:validation.letter',
  needs_digit: 'common:validation.digit',
  same_password: 'common:validation.differ',
  no_role: 'common:validation.role',
  no_name: 'common:validation.noName',
  date_before_start: 'common:validation.dateBeforeStart',
  period_too_long: 'common:validation.periodTooLong',
  taken: 'common:validation.taken',
  invalid: 'common:validation.invalid',
};

/** Every translation key a field issue may be shown with (the i18n files' test checks them). */
export const FIELD_ISSUE_KEYS: readonly string[] = [
  ...Object.values(KEYS),
  'common:validation.decimals',
  'common:validation.chooseOption',
];

export interface TIssueTextOptions {
  /** Writes a number the issue names as the field's input writes it (money as an amount). */
  formatNumber?: (value: number) => string;
  /** A money field, kept in minor units: a fraction of one reads as too many decimals. */
  isMoney?: boolean;
  language?: string;
}

/**
 * A field issue (of a form's contract schema, or the server's `fieldIssues`) in the user's
 * language: the one way a form shows why a value was refused, so no text depends on zod's or
 * the contracts' English.
 */
export function fieldIssueText(issue: TFieldIssue, options: TIssueTextOptions = {}): string {
  const { formatNumber, isMoney = false, language = i18n.language } = options;
  const params = issue.params ?? {};
  const number = (value: string | number | undefined) =>
    formatNumber && value !== undefined ? formatNumber(Number(value)) : value;
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
      return i18n.t(isMoney ? 'common:validation.decimals' : KEYS.not_an_integer, { lng: language });
    case 'not_an_option':
      // A schema's own list (zod's enum) names no value.
      return params.value === undefined
        ? i18n.t('common:validation.chooseOption', { lng: language })
        : i18n.t(KEYS.not_an_option, { value: params.value, lng: language });
    default:
      return i18n.t(KEYS[issue.code], { ...params, lng: language });
  }
}

/** A server field error in the user's language: its coded issue translated; without one, its text. */
export const serverFieldText = (message: string, issue?: TFieldIssue, options?: TIssueTextOptions): string =>
  issue ? fieldIssueText(issue, options) : message;
