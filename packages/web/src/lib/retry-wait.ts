/**
 * A wait as people say it, for a text with plural and context forms (`key_minutes_other`): seconds
 * under a minute, else whole minutes rounded up, so that 893 s reads "15 minutes".
 */
export const retryWait = (
  seconds: number | null | undefined,
): { count: number; context: 'seconds' | 'minutes' } => {
  const whole = Math.max(1, Math.ceil(seconds ?? 60));
  return whole < 60
    ? { count: whole, context: 'seconds' }
    : { count: Math.ceil(whole / 60), context: 'minutes' };
};
