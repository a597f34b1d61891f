import { z } from 'zod';
import { ZReportInterval, ZReportPeriod, ZReportPeriodQuery } from './report-period';

/** GET /v2/api/reports/mails: the store's mail in and out over a period. */
export const ZGetMailReportQuery = ZReportPeriodQuery.extend({
  interval: ZReportInterval.optional(),
});
export type TGetMailReportQuery = z.infer<typeof ZGetMailReportQuery>;

/** A mailbox's figures; `mailboxId` null for mail that came through no mailbox (written on a case). */
export const ZMailboxFigures = z.object({
  mailboxId: z.number().int().nullable(),
  address: z.string().nullable(),
  in: z.number().int(),
  out: z.number().int(),
  /** Cases whose first customer mail of the period came in here. */
  conversations: z.number().int(),
  /** Of those, the ones answered (a mail sent on the case after it). */
  answered: z.number().int(),
  /** Median hours from that first mail to the first mail sent after it; null when none answered. */
  medianHoursToFirstAnswer: z.number().nullable(),
});
export type TMailboxFigures = z.infer<typeof ZMailboxFigures>;

/** One bucket of the period: its first day, and the mails in and out in it, per mailbox. */
export const ZMailBucket = z.object({
  start: z.string(),
  in: z.number().int(),
  out: z.number().int(),
  byMailbox: z.array(
    z.object({ mailboxId: z.number().int().nullable(), in: z.number().int(), out: z.number().int() }),
  ),
});
export type TMailBucket = z.infer<typeof ZMailBucket>;

/**
 * Mails in count by when they were stored (received), mails out when sent ones were written;
 * drafts, unsent mails and the bin are left out. Every bucket of the period is there, empty ones too.
 */
export const ZGetMailReportResponse = z.object({
  period: ZReportPeriod,
  interval: ZReportInterval,
  buckets: z.array(ZMailBucket),
  mailboxes: z.array(ZMailboxFigures),
  totals: ZMailboxFigures.omit({ mailboxId: true, address: true }),
});
export type TGetMailReportResponse = z.infer<typeof ZGetMailReportResponse>;
