import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { TMutationHookOptions } from '../../../lib/react-query';
import { useMailboxesChanged } from './mailbox-cache';

export interface TOAuthExchangeInput {
  provider: string;
  code: string;
  shop: string | null;
  /** Everything the provider returned besides the code: Shopify signs it all, so all of it goes back. */
  returned?: URLSearchParams;
}

/** POST external-auth/{provider} with {token}; the answer is not read. Resolves false on error (source, section 8). */
export const exchangeOAuthCode = async ({
  provider,
  code,
  shop,
  returned,
}: TOAuthExchangeInput): Promise<boolean> => {
  const signed = new URLSearchParams(returned);
  signed.delete('code');
  const query =
    provider === 'shopify' ? `?${signed.toString()}` : shop ? `?storeName=${encodeURIComponent(shop)}` : '';
  try {
    await http(`/v2/api/external-auth/${encodeURIComponent(provider)}${query}`, {
      method: 'POST',
      body: { token: code },
      responseType: 'none',
    });
    return true;
  } catch {
    return false;
  }
};

/**
 * Never fails (the fetcher resolves false), so the global toast has nothing to show. A mailbox
 * made or signed in again refreshes the mailbox lists and the settings badge first.
 */
export const useOAuthExchange = ({ mutationConfig }: TMutationHookOptions<typeof exchangeOAuthCode> = {}) => {
  const changed = useMailboxesChanged();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    onSuccess: async (ok, ...rest) => {
      if (ok) await changed();
      return onSuccess?.(ok, ...rest);
    },
    ...restConfig,
    mutationFn: exchangeOAuthCode,
  });
};
