import type { DefaultError, UseMutationOptions } from '@tanstack/react-query';

/**
 * What a screen may hand a mutation hook (bulletproof-react `lib/react-query.ts`): every
 * option but the call itself, typed from the fetcher. The hook runs its own `onSuccess`
 * (updating the keys it changed) before the screen's, so a screen cannot skip it.
 */
export type MutationConfig<TFetcher extends (variables: never) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<TFetcher>>, DefaultError, Parameters<TFetcher>[0]>,
  'mutationFn'
>;

/** The one argument of every mutation hook. */
export interface TMutationHookOptions<TFetcher extends (variables: never) => Promise<unknown>> {
  mutationConfig?: MutationConfig<TFetcher>;
}
