import { AppError } from '../../lib/app-error';

interface Window {
  failures: number;
  startedAt: number;
}

/**
 * Counts failed sign-ins per account and per client address in a fixed window; past the
 * limit, sign-in answers 429 with Retry-After until the window ends. Kept in memory: with
 * several server processes each counts on its own, so the limit is per process.
 */
export class SignInLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly options: { maxPerAccount: number; maxPerAddress: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws a 429 AppError when the account or the address is locked out. */
  assertAllowed(account: string, address: string): void {
    const retryAfter = Math.max(
      this.retryAfter(`a:${account}`, this.options.maxPerAccount),
      this.retryAfter(`i:${address}`, this.options.maxPerAddress),
    );
    if (retryAfter > 0) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many failed sign-ins. Try again later.', undefined, {
        'retry-after': String(retryAfter),
      });
    }
  }

  recordFailure(account: string, address: string): void {
    this.bump(`a:${account}`);
    this.bump(`i:${address}`);
  }

  recordSuccess(account: string): void {
    this.windows.delete(`a:${account}`);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && this.now() - window.startedAt >= this.options.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private retryAfter(key: string, max: number): number {
    const window = this.current(key);
    if (!window || window.failures < max) return 0;
    return Math.ceil((window.startedAt + this.options.windowMs - this.now()) / 1000);
  }

  private bump(key: string): void {
    const window = this.current(key);
    if (window) window.failures += 1;
    else this.windows.set(key, { failures: 1, startedAt: this.now() });
    if (this.windows.size > 100_000) this.prune();
  }

  private prune(): void {
    for (const key of this.windows.keys()) this.current(key);
  }
}
