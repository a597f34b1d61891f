import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '../../../lib/react-query';
import { mailSetupStatusQuery } from './get-mail-setup-status';
import { MAILBOXES_KEY } from './list-mailboxes';

/**
 * After a mailbox changed: its lists (this screen's and the inbox's filter) and the setup status
 * behind the settings badge in the menu.
 */
export const useMailboxesChanged = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: MAILBOXES_KEY }),
      client.invalidateQueries({ queryKey: mailSetupStatusQuery(true).queryKey }),
    ]);
};

/** A mutation that changes a mailbox: refreshes the lists and the badge before the screen's onSuccess. */
export const useMailboxMutation = <TFetcher extends (variables: never) => Promise<unknown>>(
  mutationFn: TFetcher,
  mutationConfig: MutationConfig<TFetcher> = {},
) => {
  const changed = useMailboxesChanged();
  const { onSuccess, ...restConfig } = mutationConfig;
  return useMutation({
    onSuccess: async (...args) => {
      await changed();
      return onSuccess?.(...args);
    },
    ...restConfig,
    mutationFn: mutationFn as (variables: Parameters<TFetcher>[0]) => Promise<Awaited<ReturnType<TFetcher>>>,
  });
};
