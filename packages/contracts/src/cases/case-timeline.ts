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
