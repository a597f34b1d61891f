import type { TFieldIssue, TFormField } from '@claimdesk/contracts';
import { fieldIssueText } from '../../../lib/field-issue-text';
import { i18n } from '../../../lib/i18n';
import { formatFieldNumber } from './form-values';

/**
 * A field issue of the case form in the user's language. With the form field it is about, a
 * number's limits are written as its input shows numbers (money as an amount, not minor units)
 * and a money field's fraction of a minor unit is named as too many decimals.
 */
export const caseIssueText = (issue: TFieldIssue, field?: TFormField, language: string = i18n.language) =>
  fieldIssueText(issue, {
    language,
    isMoney: field?.type === 'money',
    ...((field?.type === 'number' || field?.type === 'money') && {
      formatNumber: (value: number) => formatFieldNumber(field, value, language),
    }),
  });
