import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListMailboxesResponse, type TMailbox } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** Every query on GET /v2/api/settings/mailboxes starts with this key (the inbox's filter too). */
export const MAILBOXES_KEY = ['mailboxes'] as const;
export const MAILBOX_SETTINGS_KEY = [...MAILBOXES_KEY, 'settings'] as const;

export const listMailboxes = () => http('/v2/api/settings/mailboxes', {}, ZListMailboxesResponse);

/**
 * An unproven mailbox may be proven by its confirmation mail coming back through the forward,
 * which this screen does not see happen: it asks again every 10 s while one waits.
 */
export const waitingPollMs = (mailboxes: TMailbox[] | undefined): number | false =>
  mailboxes?.some((m) => !m.isVerified) ? 10_000 : false;

export const mailboxSettingsQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: MAILBOX_SETTINGS_KEY,
    queryFn: listMailboxes,
    enabled,
    // The screen says itself that the list could not be loaded.
    meta: { silent: true },
    refetchInterval: (query) => waitingPollMs(query.state.data),
  });

export const useMailboxSettings = (enabled: boolean) => useQuery(mailboxSettingsQuery(enabled));
