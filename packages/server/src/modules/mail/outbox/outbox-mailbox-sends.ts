import type { Db } from '../../../db/client';
import { forTenant } from '../../../db/tenant-db';
import type { FileStorage } from '../../../lib/file-storage';
import type { Mailbox } from '../accounts/mailbox.repository';
import { connectionFailureOf, connectionFailureText } from '../accounts/connection-failure';
import {
  CUT_OFF_ERROR,
  type ClaimedJob,
  type Outcome,
  type OutboxStage,
  type SentRecorder,
} from './outbox-outcome.service';
import type { OutboxSender } from './outbox-sender';
import type { KeptSessions } from './outbox-sessions';
import { markJobsConnected } from './outbox.repository';
import { SessionLostError, type SmtpSession } from './smtp-session';

// How a round's mails of one mailbox go out: through up to sessionsPerMailbox kept SMTP sessions
// ("lanes"), each taking the next mail left; the outbox worker (outbox.worker.ts) claims them.

/** A claimed job with its mail, ready to send. */
export interface Item {
  job: ClaimedJob;
  from: string;
  recipients: string[];
  rawFileHash: string;
}

/** A round's jobs of one mailbox (null: mails without one, sent through the system transport). */
export interface Group {
  mailbox: Mailbox | null;
  items: Item[];
}

/** What the sends need of the worker. */
export interface SendContext {
  /** The raw handle: a group's statements go through forTenant(db, its store). */
  db: Db;
  files: FileStorage;
  workerId: string;
  sender: OutboxSender;
  sessions: KeptSessions;
  sent: SentRecorder;
  options: { sessionsPerMailbox: number; maxAttempts: number };
  /** Records a stage; throws LeaseLostError when the claim is no longer the worker's. */
  recordStage: (job: ClaimedJob, stage: OutboxStage) => Promise<void>;
  finish: (job: ClaimedJob, outcome: Outcome) => Promise<void>;
}

/** A group's mails through up to sessionsPerMailbox sessions, each taking the next mail left. */
export async function sendGroup(ctx: SendContext, group: Group): Promise<void> {
  const key = ctx.sender.sessionKey(group.mailbox);
  const queue = [...group.items];
  const lanes = Math.min(ctx.options.sessionsPerMailbox, queue.length);
  const state = { lanes, connected: null as Promise<void> | null };
  const markConnected = () => {
    const [first] = group.items;
    state.connected ??= first
      ? markJobsConnected(
          forTenant(ctx.db, first.job.tenant_id),
          ctx.workerId,
          group.items.map((item) => item.job.id),
        )
      : Promise.resolve();
    return state.connected;
  };
  // Every lane ends before the round does (a failed one must not leave the others running).
  await allSettled(Array.from({ length: lanes }, () => lane(ctx, group, key, queue, state, markConnected)));
}

/**
 * One session's turn at a group: takes the next mail left until none is. A broken session is
 * replaced; when no session of the mailbox can be opened, the mails left fail this attempt.
 */
async function lane(
  ctx: SendContext,
  group: Group,
  key: string,
  queue: Item[],
  state: { lanes: number },
  markConnected: () => Promise<void>,
): Promise<void> {
  let session: SmtpSession | null = null;
  let previous: Promise<void> = Promise.resolve();
  try {
    while (queue.length > 0) {
      if (!session?.isOpen) {
        session = ctx.sessions.take(key);
        try {
          session ??= await ctx.sender.open(group.mailbox);
        } catch (error) {
          // Other sessions of the mailbox take the rest; the last one left fails it.
          state.lanes -= 1;
          if (state.lanes === 0) {
            const left = queue.splice(0);
            await Promise.all(left.map((item) => failAttempt(ctx, item.job, error, 'claimed')));
          }
          return;
        }
        await markConnected();
      }
      const item = queue.shift();
      if (!item) break;
      try {
        previous = (await sendOne(ctx, session, item, previous)).recorded;
      } catch (error) {
        if (!(error instanceof SessionLostError)) throw error;
        // Nothing of the mail was sent: it goes through a new session.
        queue.unshift(item);
      }
    }
  } finally {
    if (session) ctx.sessions.give(key, session);
    await previous;
  }
}

/**
 * Sends one mail in the session. Answers the record of its outcome under way (the next mail's
 * envelope goes meanwhile; a promise wrapped, or the answer would wait for it), which includes
 * the records of the mails before it in the session.
 */
async function sendOne(
  ctx: SendContext,
  session: SmtpSession,
  item: Item,
  previous: Promise<void>,
): Promise<{ recorded: Promise<void> }> {
  const { job } = item;
  const progress: { reached: OutboxStage } = { reached: 'claimed' };
  try {
    const raw = await ctx.files.get(item.rawFileHash);
    if (!raw) throw new PermanentError('The stored message is missing');
    await session.send({
      from: item.from,
      recipients: item.recipients,
      raw,
      onStage: async (stage) => {
        // The mail before is recorded first (its write ran while this one's envelope went), and
        // `data` only then: a mail marked `data` must be one whose bytes are going out, or a crash
        // would fail as "may have been delivered" a mail that never left.
        if (stage === 'data') await previous;
        await ctx.recordStage(job, stage);
        progress.reached = stage;
      },
    });
  } catch (error) {
    if (error instanceof SessionLostError) throw error;
    if (error instanceof LeaseLostError) return { recorded: previous };
    return { recorded: settled(Promise.all([previous, failAttempt(ctx, job, error, progress.reached)])) };
  }
  return { recorded: settled(Promise.all([previous, ctx.sent.record(job)])) };
}

/** A send that failed at `reached`: cut off during DATA, refused, or broken before DATA. */
function failAttempt(ctx: SendContext, job: ClaimedJob, error: unknown, reached: OutboxStage): Promise<void> {
  // Before the sign-in held, the other side may be any service an administrator named as the
  // SMTP server: its words are not passed on, only what kind of failure it was (issue 34).
  const categoryText =
    reached === 'claimed' ? connectionFailureText(connectionFailureOf(error), 'SMTP') : null;
  const text = categoryText ?? (error instanceof Error ? error.message : String(error));
  const code = (error as { responseCode?: number } | null)?.responseCode;
  // After DATA, only the server's own answer says the message was refused; a broken
  // connection or a timeout may have come after the server took it.
  if (reached === 'data' && code === undefined)
    return ctx.finish(job, { isSent: false, error: CUT_OFF_ERROR, isFinal: true });
  const isPermanent = error instanceof PermanentError || (code !== undefined && code >= 500);
  return ctx.finish(job, {
    isSent: false,
    error: text,
    isFinal: isPermanent || job.attempts >= ctx.options.maxAttempts,
  });
}

/** A record under way, awaited later: its failure must not count as unhandled meanwhile. */
function settled(work: Promise<unknown>): Promise<void> {
  const done = work.then(() => undefined);
  done.catch(() => undefined);
  return done;
}

export function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** Waits for all; then throws the first failure, if any. */
async function allSettled(work: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Runs `task` for each item, at most `width` at a time, all of them even when one fails. */
export async function inParallel<T>(
  items: T[],
  width: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await allSettled(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      const failures: unknown[] = [];
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await task(item).catch((error: unknown) => failures.push(error));
      }
      if (failures.length > 0) throw failures[0];
    }),
  );
}

/** The job's claim ran out and another process holds it now. */
export class LeaseLostError extends Error {}

export class PermanentError extends Error {}
