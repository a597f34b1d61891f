import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface TWorkflowCount {
  unreadMailCount: number;
  sendPendingMailCount: number;
}

/** Mail counts (source, section 3): per open/archive and workflow, plus the inbox and open.support. */
export interface TMailCounts {
  open: Record<string, TWorkflowCount>;
  archive: Record<string, TWorkflowCount>;
  inbox: number;
  /** The store's outgoing mails that could not be sent. */
  failed: number;
}

export const NO_COUNTS: TMailCounts = { open: {}, archive: {}, inbox: 0, failed: 0 };

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

const readGroup = (value: unknown): Record<string, TWorkflowCount> => {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([wf, c]) => {
      const count = (c ?? {}) as Record<string, unknown>;
      return [
        wf,
        {
          unreadMailCount: num(count.unreadMailCount),
          sendPendingMailCount: num(count.sendPendingMailCount),
        },
      ];
    }),
  );
};

/** Reads the answer leniently: an unexpected shape means "no counts", never an error. */
export const parseMailCounts = (data: unknown): TMailCounts => {
  if (!data || typeof data !== 'object') return NO_COUNTS;
  const d = data as Record<string, unknown>;
  const inbox =
    typeof d.inbox === 'object' && d.inbox
      ? num((d.inbox as Record<string, unknown>).unreadMailCount)
      : num(d.inbox);
  return { open: readGroup(d.open), archive: readGroup(d.archive), inbox, failed: num(d.failed) };
};

/** GET /v2/api/reports/mail-count; a failure counts as "no counts", without a toast. */
export const getMailCount = async (): Promise<TMailCounts> => {
  try {
    return parseMailCounts(await http('/v2/api/reports/mail-count', { ignoreLoadingBar: true }));
  } catch {
    return NO_COUNTS;
  }
};

export const MAIL_COUNT_KEY = ['mail-count'] as const;

export const mailCountQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: MAIL_COUNT_KEY,
    queryFn: getMailCount,
    enabled,
    meta: { silent: true },
    // The live socket's events refresh the counts (app/shell/live-events.ts); a tab coming back
    // to the front or back online fetches them too, in case its socket missed something.
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export const useMailCount = (enabled: boolean) => useQuery(mailCountQuery(enabled));
