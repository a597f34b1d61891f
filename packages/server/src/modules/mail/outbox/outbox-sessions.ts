import type { SmtpSession } from './smtp-session';

/**
 * The SMTP sessions the outbox worker keeps open between rounds while it has mail to send, by
 * session key (mailbox and sign-in). A session not taken during a whole round is closed at its
 * end, and all are closed when the worker runs out of mail or stops: none stays open idle.
 */
export class KeptSessions {
  /** Open sessions from before this round, free to take. */
  private idle = new Map<string, SmtpSession[]>();
  /** Sessions given back during this round. */
  private given = new Map<string, SmtpSession[]>();

  /** An open session of `key` from an earlier round, if any (it may have been closed by the server meanwhile). */
  take(key: string): SmtpSession | null {
    const list = this.idle.get(key);
    let session = list?.pop() ?? null;
    while (session && !session.isOpen) session = list?.pop() ?? null;
    return session;
  }

  /** A session done for this round: kept for the next one if still open. */
  give(key: string, session: SmtpSession): void {
    if (!session.isOpen) return;
    const list = this.given.get(key) ?? [];
    list.push(session);
    this.given.set(key, list);
  }

  /** Closes the sessions nobody took this round; those given back are free for the next. */
  endRound(): void {
    closeAll(this.idle);
    this.idle = this.given;
    this.given = new Map();
  }

  closeAll(): void {
    closeAll(this.idle);
    closeAll(this.given);
  }
}

function closeAll(sessions: Map<string, SmtpSession[]>): void {
  for (const list of sessions.values()) for (const session of list) session.close();
  sessions.clear();
}
