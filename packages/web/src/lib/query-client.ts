import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http-error';
import { notifyError } from './notify';
import { onLogout } from './session';

/**
 * A failed call shows one toast from here, by default. A query that the screen reports itself
 * (or not at all) sets `meta: { silent: true }` in its options.
 *
 * A mutation opts out with `meta: { handlesErrors: true }`, set by the screen that shows the
 * error itself (field errors on the form, a conflict alert, an inline message), where it calls
 * the hook: `useCreateUser({ mutationConfig: { meta: { handlesErrors: true } } })`. Never in an
 * api file, so a screen that shows nothing gets the toast. An `onError` passed to `mutate()`
 * alone does not opt out: the toast and the screen's handling would then both run.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { handlesErrors?: true };
  }
}

export const createQueryClient = (): QueryClient => {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.handlesErrors) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 2 && (!isHttpError(error) || error.status >= 500 || error.status === 0),
      },
      mutations: { retry: false },
    },
  });
  onLogout(() => client.clear());
  return client;
};
