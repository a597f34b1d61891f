import { Agent } from 'node:https';
import type { TPushNotification } from '@claimdesk/contracts';
import webpush, { WebPushError } from 'web-push';
import type { Db, Listen } from '../../db/client';
import { forTenant, type TenantDb } from '../../db/tenant-db';
import { publicOnlyLookup } from '../../lib/outbound-address';
import { mailToAnnounce, type MailToAnnounce } from './push-mail.repository';
import { endpointProblem, type PushEndpointPolicy } from './push-endpoint';
import { PUSH_CHANNEL } from './push-queue.repository';
import { takeQueuedPushes } from './push-queue.system';
import {
  dropSubscription,
  notePushed,
  subscriptionsOf,
  type StoredSubscription,
} from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

export interface PushSenderOptions {
  keys: VapidKeys;
  /** Where pushes may go; checked again on each push, and on the address connected to. */
  policy: PushEndpointPolicy;
  /** Certificates to trust besides the system's (a test's stand-in of a push service). */
  ca?: Buffer;
  /** Queued mails taken at a time. */
  batchSize: number;
  /** How often the queue is looked at without a wake-up (one lost while the listener was down). */
  sweepMs: number;
  /** How long a push service keeps a notification for a browser that is offline. */
  ttlSeconds: number;
  /** Longest wait for a push service's answer. */
  timeoutMs: number;
  onError: (error: unknown, context: object) => void;
}

export const DEFAULT_PUSH_OPTIONS = {
  batchSize: 50,
  sweepMs: 30_000,
  ttlSeconds: 4 * 60 * 60,
  timeoutMs: 10_000,
};

/** Pushes to one subscription at a time per mail past this many are queued behind. */
const PARALLEL_PUSHES = 8;

/** The address in the app a notification opens. */
export function notificationUrl(mail: MailToAnnounce): string {
  return mail.onCase ? `/cases/open/${mail.onCase.workFlow}/${String(mail.onCase.caseNumber)}` : '/inbox';
}

/** What the browser shows: its service worker makes the notification of it. */
export function notificationOf(mailLogId: number, mail: MailToAnnounce): TPushNotification {
  return {
    kind: mail.onCase ? 'case' : 'inbox',
    from: mail.fromName?.trim() || mail.fromAddress || '',
    subject: mail.subject,
    caseNumber: mail.onCase?.caseNumber ?? null,
    url: notificationUrl(mail),
    tag: `mail-${String(mailLogId)}`,
  };
}

/**
 * Sends the browser notifications of new mails: a mail in the inbox (on no case) to the store's
 * staff who subscribed, a mail on a case to the case's assignee. Woken by the queue's NOTIFY,
 * and sweeps the queue now and then for a wake-up it missed. Every server process runs one;
 * the queue hands each mail to one of them.
 */
export class PushSender {
  private running: Promise<void> | null = null;
  private again = false;
  private sweep: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private stopped = false;
  /**
   * Connects only to public addresses (unless the policy allows others): the lookup runs on each
   * new connection, so a name that resolves elsewhere since the browser subscribed (DNS
   * rebinding) is refused on the address actually connected to.
   */
  private readonly agent: Agent;

  constructor(
    private readonly db: Db,
    private readonly options: PushSenderOptions,
  ) {
    const { policy, ca } = options;
    this.agent = new Agent({
      keepAlive: true,
      ...(ca && { ca }),
      ...(!policy.allowPrivateAddresses && { lookup: publicOnlyLookup(policy.resolve) }),
    });
  }

  async start(listen: Listen | undefined): Promise<void> {
    this.stopListening = await listen?.(
      PUSH_CHANNEL,
      () => {
        this.wake();
      },
      () => {
        this.wake();
      },
    );
    this.sweep = setInterval(() => {
      this.wake();
    }, this.options.sweepMs);
    this.sweep.unref();
    this.wake();
  }

  /** Looks at the queue now (or once more after the round in hand). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => {
        this.options.onError(error, { stage: 'queue' });
      })
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops taking from the queue; the pushes in hand finish first. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweep);
    await this.stopListening?.();
    await this.running;
    this.agent.destroy();
  }

  /** Resolves when the queue is empty and nothing is in hand (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const taken = await takeQueuedPushes(this.db, this.options.batchSize);
      for (const { tenantId, mailLogId } of taken) {
        await this.announce(forTenant(this.db, tenantId), mailLogId).catch((error: unknown) => {
          this.options.onError(error, { tenantId, mailLogId });
        });
      }
      if (taken.length < this.options.batchSize) return;
    }
  }

  private async announce(db: TenantDb, mailLogId: number): Promise<void> {
    const mail = await mailToAnnounce(db, mailLogId);
    if (!mail?.isWorthTelling) return;
    const whom = mail.onCase ? (mail.onCase.assignee ? [mail.onCase.assignee] : []) : 'staff';
    const subscriptions = await subscriptionsOf(db, whom);
    if (subscriptions.length === 0) return;
    const payload = JSON.stringify(notificationOf(mailLogId, mail));
    const delivered: number[] = [];
    for (let i = 0; i < subscriptions.length; i += PARALLEL_PUSHES) {
      await Promise.all(
        subscriptions.slice(i, i + PARALLEL_PUSHES).map(async (subscription) => {
          if (await this.push(db, subscription, payload)) delivered.push(subscription.id);
        }),
      );
    }
    await notePushed(db, delivered);
  }

  /**
   * One push; a subscription the push service no longer knows is removed, and so is one whose
   * endpoint the server does not send to (stored before the check, or its host since removed
   * from PUSH_ALLOWED_HOSTS).
   */
  private async push(db: TenantDb, subscription: StoredSubscription, payload: string): Promise<boolean> {
    const { keys, ttlSeconds, timeoutMs, policy } = this.options;
    const problem = endpointProblem(subscription.endpoint, policy);
    if (problem !== null) {
      await dropSubscription(db, subscription.id);
      this.options.onError(new Error(`push endpoint refused: ${problem}`), {
        tenantId: db.tenantId,
        subscription: subscription.id,
      });
      return false;
    }
    try {
      await webpush.sendNotification({ endpoint: subscription.endpoint, keys: subscription.keys }, payload, {
        vapidDetails: keys,
        TTL: ttlSeconds,
        urgency: 'normal',
        timeout: timeoutMs,
        contentEncoding: 'aes128gcm',
        agent: this.agent,
      });
      return true;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await dropSubscription(db, subscription.id);
      } else {
        this.options.onError(error, { tenantId: db.tenantId, subscription: subscription.id });
      }
      return false;
    }
  }
}
