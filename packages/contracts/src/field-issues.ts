// One field problem, two sides: the server answers a refused field with a code and its
// parameters (`fieldIssues`), and the web turns the same zod issues of a form into the same
// codes before it sends, so both translate one list of codes and neither reads zod's English.
import type { TFieldIssue } from './common';
import { FIELD_ISSUE_CODES, type TFieldIssueCode } from './errors';

/** A refused value: its coded issue, and the English text the API's `fieldErrors` carries. */
export interface TFieldProblem extends TFieldIssue {
  message: string;
}

type TIssueParams = Record<string, string | number>;

export const fieldProblem = (code: TFieldIssueCode, message: string, params?: TIssueParams): TFieldProblem =>
  params ? { code, params, message } : { code, message };

/** The coded part of a problem, as the API's `fieldIssues` carries it. */
export const issueOf = ({ code, params }: TFieldProblem): TFieldIssue =>
  params ? { code, params } : { code };

/**
 * The `params` of a refinement that names its field issue code (and the values its text names),
 * e.g. `.refine(check, { message, ...codedIssue('needs_digit') })`; `fieldIssueOf` reads them.
 */
export const codedIssue = (code: TFieldIssueCode, params?: TIssueParams) => ({
  params: params ? { fieldIssue: code, fieldIssueParams: params } : { fieldIssue: code },
});

const isFieldIssueCode = (code: unknown): code is TFieldIssueCode =>
  (FIELD_ISSUE_CODES as readonly unknown[]).includes(code);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refinement's own parameters: only text and numbers go on. */
const ownParams = (value: unknown): TIssueParams | undefined => {
  if (!isRecord(value)) return undefined;
  const kept = Object.entries(value).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
};

/**
 * A zod 4 issue as our field issue code, so that clients translate codes rather than zod's
 * English, which changes with zod's versions. `keyword` is zod's code and `params` the rest of
 * the issue (as fastify-type-provider-zod hands it on; a zod issue itself fits too). A refinement
 * names its code itself with `codedIssue(…)` (see ZPurchaseDate).
 */
export function fieldIssueOf(keyword: string, params: Record<string, unknown>): TFieldIssue {
  const origin = params.origin;
  const limit = (key: 'maximum' | 'minimum') => {
    const value = params[key];
    return typeof value === 'number' ? value : Number(value);
  };
  switch (keyword) {
    case 'too_big': {
      const max = limit('maximum');
      if (origin === 'string') return { code: 'too_long', params: { max } };
      if (origin === 'array' || origin === 'set') return { code: 'too_many', params: { max } };
      return { code: 'too_big', params: { max } };
    }
    case 'too_small': {
      const min = limit('minimum');
      if (origin === 'string')
        return min === 1 ? { code: 'required' } : { code: 'too_short', params: { min } };
      if (origin === 'array' || origin === 'set') return { code: 'too_few', params: { min } };
      return { code: 'too_small', params: { min } };
    }
    case 'invalid_type':
      switch (params.expected) {
        case 'number':
          return { code: 'not_a_number' };
        case 'int':
          return { code: 'not_an_integer' };
        case 'string':
          return { code: 'not_text' };
        case 'boolean':
          return { code: 'not_a_boolean' };
        case 'array':
          return { code: 'not_a_list' };
        default:
          return { code: 'invalid' };
      }
    case 'invalid_format':
      if (params.format === 'email') return { code: 'invalid_email' };
      if (params.format === 'date') return { code: 'invalid_date' };
      return { code: 'invalid' };
    case 'invalid_value':
      return { code: 'not_an_option' };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    case 'custom': {
      const own = isRecord(params.params) ? params.params : {};
      if (!isFieldIssueCode(own.fieldIssue)) return { code: 'invalid' };
      const values = ownParams(own.fieldIssueParams);
      return values ? { code: own.fieldIssue, params: values } : { code: own.fieldIssue };
    }
    default:
      return { code: 'invalid' };
  }
}

/** A zod issue (of a form's resolver, say) as the field issue the server would answer for it. */
export const zodFieldIssue = (issue: { code: string }): TFieldIssue => fieldIssueOf(issue.code, issue);
