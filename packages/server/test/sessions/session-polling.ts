/**
 * Calls `status` until it answers 401 and answers how long that took (ms); fails after `limitMs`.
 * The tests compare the time with the one second the issue allows for any access change.
 */
export async function untilRefused(status: () => Promise<number>, limitMs = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await status()) === 401) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still accepted after ${String(limitMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
