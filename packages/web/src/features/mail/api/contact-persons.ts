import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZContactPersonsResponse } from '@claimdesk/contracts';
import { http } from '../../../lib/http';

/** GET /v2/shared/suppliers/contact-persons?includeDisabled=false: the supplier contacts a mail can go to. */
export const listContactPersons = () =>
  http('/v2/shared/suppliers/contact-persons?includeDisabled=false', {}, ZContactPersonsResponse);

export const contactPersonsQuery = () =>
  queryOptions({
    queryKey: ['suppliers', 'contact-persons'] as const,
    queryFn: listContactPersons,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useContactPersons = () => useQuery(contactPersonsQuery());
