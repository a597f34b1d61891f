import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** GET .../mail-box-setup-status: text 'true' or 'false'; false means the mail setup is incomplete. */
export const getMailSetupStatus = async (): Promise<boolean> =>
  (
    await http<string>('/v2/api/settings/initial-properties/mail-box-setup-status', {
      responseType: 'text',
      ignoreLoadingBar: true,
    })
  ).trim() === 'true';

export const mailSetupStatusQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['mail-setup-status'],
    queryFn: getMailSetupStatus,
    enabled,
    meta: { silent: true },
  });

export const useMailSetupStatus = (enabled: boolean) => useQuery(mailSetupStatusQuery(enabled));
