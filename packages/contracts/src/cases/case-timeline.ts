import { z } from 'zod';

export const TIMELINE_KINDS = [
  'created',
  'updated',
  'status',
  'assigned',
  'archived',
  'reopened',
  'deleted',
  'mail-in',
  'mail-out',
  /**
   * A mail moved from one case to another, or to or from unmapped (POST
   * /v2/api/claims/mails/move): written on both cases, with changes `[{ field: 'case', from:
   * <case number | null>, to: <case number | null> }]` and the mail's mailLogId.
   */
  'mail-moved',
  /**
   * A mail chosen to be sent later went back to drafts because `actor` (the sender of a new
   * inbound mail on the case) wrote before its time; mailLogId is the held mail.
   */
  'mail-held',
  /**
   * A change of the case's costs (costs module): changes name `costs.line`, `costs.creditNote`,
   * `costs.expectedCredit` or `costs.writeOff`, from and to a short text of the entry (null: added or removed).
   */
  'costs',
  /**
   * The case was sent to its supplier ("Send to supplier"): changes `[{ field: 'supplier', from:
   * null, to: <the supplier's name> }]`; the mail's own `mail-out` entry follows it.
   */
  'supplier-sent',
  /**
   * Staff withdrew the case from its supplier: its contact persons read it no more. Changes
   * `[{ field: 'supplier', from: <the supplier's name>, to: null }]`.
   */
  'supplier-withdrawn',
  /**
   * Staff took a one-time-code participant off the case: the person reads it no more. Changes
   * `[{ field: 'participant', from: <the email>, to: null }]`.
   */
  'participant-removed',
  /**
   * A supplier's contact person answered in the supplier portal: changes name `supplierAnswer.outcome`,
   * `.compensationMode`, `.amount` and `.creditNoteNumber` (from null to the answer's value).
   */
  'supplier-answer',
] as const;

/** One change of a field: its form key, the value before and after. */
export const ZFieldChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

/** GET /v2/api/claims/{id}/timeline: every change of the case, oldest first. */
export const ZTimelineEntry = z.object({
  id: z.number().int(),
  kind: z.enum(TIMELINE_KINDS),
  actor: z.string(),
  at: z.string(),
  changes: z.array(ZFieldChange),
  /** For mail entries: the mail log's id. */
  mailLogId: z.number().int().nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;
export const ZTimelineResponse = z.array(ZTimelineEntry);
