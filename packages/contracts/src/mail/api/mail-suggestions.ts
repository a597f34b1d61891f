import { z } from 'zod';
import { ZRowId } from './mail-id';

/** At most this many mails' suggestions in one call (a page of the unmapped list). */
export const SUGGESTIONS_MAX_MAILS = 100;
/** At most this many suggested cases per mail, best first. */
export const SUGGESTIONS_PER_MAIL = 3;

/**
 * Why a case is suggested for an unmapped mail: the sender is the case's customer
 * (`customer-email`) or a participant of it (`contact-email`); the case number (`case-number`)
 * or the order reference (`order-reference`) appears in the subject or text; an id of the mail's
 * References or In-Reply-To is a mail of the case (`references`); the case is the sender's only
 * open case (`only-open-case`).
 */
export const ZSuggestionReason = z.enum([
  'references',
  'case-number',
  'order-reference',
  'customer-email',
  'contact-email',
  'only-open-case',
]);
export type TSuggestionReason = z.infer<typeof ZSuggestionReason>;

export const ZCaseSuggestion = z.object({
  caseId: z.number().int(),
  caseNumber: z.number().int(),
  workFlow: z.string(),
  customerName: z.string(),
  status: z.string(),
  isArchived: z.boolean(),
  /** Every reason that holds, strongest first. */
  reasons: z.array(ZSuggestionReason).min(1),
});
export type TCaseSuggestion = z.infer<typeof ZCaseSuggestion>;

/**
 * GET /v2/api/unmapped-mails/suggestions?ids=1,2,3: for each of the store's unmapped mails
 * named, the live cases it likely belongs to, best first (at most SUGGESTIONS_PER_MAIL), found
 * for all the mails in a fixed number of queries. An id that is not an unmapped mail of the
 * store answers an empty list. Staff only.
 */
export const ZMailSuggestionsQuery = z.object({
  // A comma-separated list (the request line bounds its length); each id is checked as a row id.
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter((part) => part !== '') : value),
    z.array(ZRowId).min(1).max(SUGGESTIONS_MAX_MAILS),
  ),
});
export type TMailSuggestionsQuery = z.infer<typeof ZMailSuggestionsQuery>;

/** Suggestions by mail id (as a string key), for every id asked. */
export const ZMailSuggestionsResponse = z.record(z.string(), z.array(ZCaseSuggestion));
export type TMailSuggestionsResponse = z.infer<typeof ZMailSuggestionsResponse>;
