/**
 * Tells the outbox worker that a mail was just queued, so it sends now instead of at its next
 * poll. The routes call notify() after their transaction commits; the worker listens.
 */
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Answers a function that stops listening. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
