import { AppError } from './app-error';

/** Seconds a refused upload is told to wait: long enough for a typical upload in flight to finish. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Counts the uploads being read, per user and in the whole process, and refuses one past either
 * cap (429 with Retry-After) before any of its body is read, so that one user cannot take every
 * upload slot and the process cannot be flooded with open files and disk writes.
 */
export class UploadSlots {
  private readonly byOwner = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perUser: number,
    private readonly perProcess: number,
  ) {}

  /** Takes a slot for the owner (a user's key) and answers the function that gives it back, once. */
  take(owner: string): () => void {
    const mine = this.byOwner.get(owner) ?? 0;
    if (mine >= this.perUser) {
      throw this.refusal(
        `You already have ${String(this.perUser)} uploads in progress; wait for one to finish`,
      );
    }
    if (this.total >= this.perProcess) {
      throw this.refusal('The server is receiving as many uploads as it takes at once; try again shortly');
    }
    this.byOwner.set(owner, mine + 1);
    this.total += 1;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.total -= 1;
      const left = (this.byOwner.get(owner) ?? 1) - 1;
      if (left === 0) this.byOwner.delete(owner);
      else this.byOwner.set(owner, left);
    };
  }

  private refusal(message: string): AppError {
    return new AppError('TOO_MANY_REQUESTS', message, undefined, {
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
  }
}
