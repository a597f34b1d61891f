import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http-error';
import { notifyError } from './notify';
import { onLogout } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows its own message (or none). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
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
        if (!mutation.meta?.silent) notifyError(error);
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
