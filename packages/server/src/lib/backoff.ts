/**
 * The wait before retry number `attempt` (1 = the first retry): doubling from `baseMs` up to
 * `maxMs`, with jitter ("equal jitter": half fixed, half random). After an outage every mailbox
 * and every queued mail would otherwise retry in lockstep, and meet the recovering server at once.
 */
export function backoffMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
