import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZGetMailResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** Every mail query of the feature sits under this key, so a change can reach them all. */
export const MAILS_KEY = ['mails'] as const;

export const mailKey = (id: number) => [...MAILS_KEY, 'detail', id] as const;

/** GET /v2/api/claims/mails/{id}: one mail; reading it does not mark it read. */
export const getMail = (id: number) => http(`/v2/api/claims/mails/${id}`, {}, ZGetMailResponse);

export const mailQuery = (id: number) =>
  queryOptions({
    queryKey: mailKey(id),
    queryFn: () => getMail(id),
    enabled: Number.isInteger(id) && id > 0,
    // The screen shows a 404 or 400 as a message of its own.
    meta: { silent: true },
  });

export const useMail = (id: number) => useQuery(mailQuery(id));
