import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addressKey } from '../../lib/client-address';
import {
  countSignInAttemptsOfAllStores,
  giveBackSignInAttemptsOfAllStores,
  pruneSignInAttemptsOfAllStores,
  type CountedAttempts as Counted,
} from './sign-in-limiter.system';

export interface SignInLimits {
  /** Failed sign-ins of one account from one address: the usual guesser, or a person mistyping. */
  maxPerAccountAndAddress: number;
  /** Failed sign-ins of one account from all addresses together: a guesser with many addresses. */
  maxPerAccount: number;
  /** Failed sign-ins from one address over all accounts: one guesser trying many accounts. */
  maxPerAddress: number;
  windowMs: number;
  /** How long a count is kept before it is pruned: the longest window of any step counted here. */
  keepMs?: number;
}

export const signInLimits = (config: Config): SignInLimits => ({
  maxPerAccountAndAddress: config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  maxPerAccount: config.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  maxPerAddress: config.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
  windowMs: config.SIGN_IN_WINDOW_SECONDS * 1000,
  keepMs: Math.max(config.SIGN_IN_WINDOW_SECONDS, config.PASSWORD_RESET_WINDOW_SECONDS) * 1000,
});

/**
 * What is counted: sign-ins by default; another step (the sign-in's first step, a "forgot
 * password" request) counts apart from them, under its own limits.
 */
export interface LimitedStep {
  name: string;
  limits?: SignInLimits;
}

export const passwordResetLimits = (config: Config): SignInLimits => ({
  maxPerAccountAndAddress: config.PASSWORD_RESET_MAX_PER_ACCOUNT,
  maxPerAccount: config.PASSWORD_RESET_MAX_PER_ACCOUNT,
  maxPerAddress: config.PASSWORD_RESET_MAX_PER_ADDRESS,
  windowMs: config.PASSWORD_RESET_WINDOW_SECONDS * 1000,
});

/** An attempt that holds its place under the limits; a success gives the place back. */
export interface SignInAttempt {
  succeeded: () => Promise<void>;
}

const PRUNE_EVERY_MS = 60_000;
/** How long a refusal is answered from memory before the database is asked again. */
const REFUSAL_MEMORY_MS = 2000;
const REFUSAL_MEMORY_SIZE = 10_000;

const tooMany = (retryAfterSeconds: number, message = 'Too many failed sign-ins. Try again later.') =>
  new AppError('TOO_MANY_REQUESTS', message, undefined, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

/**
 * Counts sign-in attempts in fixed windows per account and address, per account and per address
 * (OWASP: a lock per account alone lets anyone lock a person out of their own desk). The place is
 * taken before the password hash is checked, in one atomic upsert, so parallel guesses cannot all
 * pass a check made before any of them failed. The counts live in the database rather than in
 * memory so that several server processes share one limit.
 */
export class SignInLimiter {
  private lastPruneAt = 0;
  /**
   * Keys refused a moment ago: a flood of guesses from one address is answered here instead of
   * queueing on that key's row and holding the pool's connections. Briefly only, since a count
   * over the limit may include attempts still in flight that succeed and give their place back.
   */
  private readonly refused = new Map<string, { recheckAt: number; windowEndsAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly limits: SignInLimits,
  ) {}

  /** Takes a place under every limit, or throws a 429 AppError with Retry-After (nothing is kept then). */
  async take(account: string, address: string, step?: LimitedStep): Promise<SignInAttempt> {
    await this.pruneNowAndThen();
    const limits = step?.limits ?? this.limits;
    // Sign-ins keep their keys as before; another step's keys are its own.
    const kind = (name: string) => (step ? `${step.name} ${name}` : name);
    const limitOf = new Map([
      [
        this.key(kind('account+address'), `${account.toLowerCase()}\n${addressKey(address)}`),
        limits.maxPerAccountAndAddress,
      ],
      [this.key(kind('account'), account.toLowerCase()), limits.maxPerAccount],
      [this.key(kind('address'), addressKey(address)), limits.maxPerAddress],
    ]);
    const [pairKey] = limitOf.keys();
    const message = step ? 'Too many attempts. Try again later.' : undefined;
    this.assertNotRefusedLately([...limitOf.keys()], message);
    const counted = await this.count([...limitOf.keys()], limits.windowMs);
    const over = counted.filter((row) => row.attempts > (limitOf.get(row.key) ?? 0));
    if (over.length > 0) {
      // A refused attempt checks nothing, so it must not count: else a guesser at one address
      // would fill the account's own limit and lock it everywhere.
      await this.giveBack(counted, undefined);
      this.rememberRefusals(over);
      throw tooMany(Math.max(...over.map((row) => row.retry_after)), message);
    }
    // The person who knows the password is forgiven their typos at this address.
    return { succeeded: () => this.giveBack(counted, pairKey) };
  }

  private assertNotRefusedLately(keys: string[], message: string | undefined): void {
    const now = Date.now();
    for (const key of keys) {
      const refusal = this.refused.get(key);
      if (!refusal) continue;
      if (refusal.recheckAt > now) throw tooMany(Math.ceil((refusal.windowEndsAt - now) / 1000), message);
      this.refused.delete(key);
    }
  }

  private rememberRefusals(over: Counted[]): void {
    const now = Date.now();
    if (this.refused.size >= REFUSAL_MEMORY_SIZE) {
      for (const [key, refusal] of this.refused) if (refusal.recheckAt <= now) this.refused.delete(key);
      if (this.refused.size >= REFUSAL_MEMORY_SIZE) this.refused.clear();
    }
    for (const row of over) {
      const windowEndsAt = now + row.retry_after * 1000;
      this.refused.set(row.key, { recheckAt: Math.min(now + REFUSAL_MEMORY_MS, windowEndsAt), windowEndsAt });
    }
  }

  private key(kind: string, value: string): string {
    return createHmac('sha256', this.secret).update(`sign-in ${kind}\n${value}`).digest('hex');
  }

  private count(keys: string[], windowMs: number): Promise<Counted[]> {
    return countSignInAttemptsOfAllStores(this.db, keys, windowMs);
  }

  /** Gives the places back (only in the windows they were taken in); `forgiven` starts again at 0. */
  private giveBack(counted: Counted[], forgiven: string | undefined): Promise<void> {
    return giveBackSignInAttemptsOfAllStores(this.db, counted, forgiven);
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = Date.now();
    await pruneSignInAttemptsOfAllStores(this.db, this.limits.keepMs ?? this.limits.windowMs);
  }
}
