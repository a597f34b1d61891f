import type { ImapFlow } from 'imapflow';
import type { IngestDeps, IngestOutcome, PreparedMails } from './ingest-types';
import { commitMails, prepareMails } from './ingest.service';
import { advanceCursor, getMailbox, resetCursor, type Mailbox } from '../accounts/mailbox.repository';

/** What a fetch needs: ingest's, bound to the mailbox's store. */
export type FetchDeps = IngestDeps;

export interface FetchHooks {
  /** Seen after a mail is committed and before the cursor moves past it (tests stop the job here). */
  afterIngest?: (uid: number, outcome: IngestOutcome) => void | Promise<void>;
  signal?: AbortSignal;
  /** Messages fetched in one round trip and committed in one transaction (default 50). */
  batchSize?: number;
}

/**
 * Takes in every message of the mailbox's folder above its cursor, in UID order, on an open
 * client, a batch at a time. A batch is committed before the cursor moves past it, so a stop at any point
 * (crash, kill, lost connection) loses nothing: the next pass starts at the first mail not yet
 * passed, and ingest's (store, Message-ID) index turns a refetch into nothing. Answers how many
 * mails it took in.
 */
export async function fetchNewMail(
  deps: FetchDeps,
  client: ImapFlow,
  mailbox: Pick<Mailbox, 'id'>,
  hooks: FetchHooks = {},
): Promise<number> {
  const current = await getMailbox(deps.db, mailbox.id);
  if (!current) return 0;
  const lock = await client.getMailboxLock(current.imapFolder);
  try {
    // The server reports what arrived since the folder was selected (EXISTS) on a command.
    await client.noop();
    const status = client.mailbox;
    if (!status) throw new Error(`Folder ${current.imapFolder} could not be opened`);
    const uidValidity = Number(status.uidValidity);
    let lastUid = current.lastUid;
    if (current.uidValidity !== uidValidity) {
      await resetCursor(deps.db, current.id, uidValidity);
      lastUid = 0;
    }
    if (status.exists === 0) return 0;
    const found = await client.search({ uid: `${String(lastUid + 1)}:*` }, { uid: true });
    // `n:*` also matches the highest UID when it is below n: keep only the new ones.
    const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
    let count = 0;
    const size = hooks.batchSize ?? 100;
    // A pipeline: while a batch commits, the next one is fetched and prepared (files written,
    // parsed). Commits stay in UID order, and the cursor moves only past a committed batch.
    let committing: Promise<void> = Promise.resolve();
    const commit = async (uids: number[], present: number[], prepared: Promise<PreparedMails>) => {
      const outcomes = await commitMails(deps, { mailboxId: current.id }, await prepared);
      for (const [index, outcome] of outcomes.entries()) {
        if (outcome.status === 'stored' || outcome.status === 'unparseable') count += 1;
        await hooks.afterIngest?.(present[index] as number, outcome);
      }
      const last = uids.at(-1);
      if (last !== undefined) await advanceCursor(deps.db, current.id, last);
    };
    for (let start = 0; start < uids.length; start += size) {
      if (hooks.signal?.aborted) break;
      const batch = uids.slice(start, start + size);
      const sources = new Map<number, Buffer>();
      for await (const message of client.fetch(batch.join(','), { uid: true, source: true }, { uid: true })) {
        if (message.source) sources.set(message.uid, message.source);
      }
      // Expunged between search and fetch: nothing to take in, nothing lost.
      const present = batch.filter((uid) => sources.has(uid));
      const prepared = prepareMails(
        deps,
        present.map((uid) => sources.get(uid) as Buffer),
      );
      // Heard here so a failure while the last batch commits is not an unhandled rejection.
      prepared.catch(() => undefined);
      await committing;
      committing = commit(batch, present, prepared);
      // Awaited at the next batch or the end; heard now so a failure meanwhile is not unhandled.
      committing.catch(() => undefined);
    }
    await committing;
    return count;
  } finally {
    lock.release();
  }
}
