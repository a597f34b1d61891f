import type { QueryClient } from '@tanstack/react-query';
import { jsonConfigQuery, storeSettingQuery } from '../lib/config-queries';
import { getSession, isSessionValid } from '../lib/session';
import { userPreferenceQuery } from '../features/preferences/api/get-user-preference';
import { mailCountQuery } from '../features/reports/api/get-mail-count';
import { mailSetupStatusQuery } from '../features/settings/api/get-mail-setup-status';
import { userByNameQuery } from '../features/users/api/get-user-by-name';

let hasStarted = false;

/**
 * On the first address of a visit, starts reading what the shell needs (the same queries as
 * useShellData, so it finds them in the cache) beside loading the shell's code, instead of
 * after it has drawn. Later navigations keep the shell and read nothing here.
 */
export function prefetchShell(queryClient: QueryClient): void {
  const { identity } = getSession();
  if (hasStarted || !identity || !isSessionValid()) return;
  hasStarted = true;
  const quietly = (read: Promise<unknown>) => void read.catch(() => undefined);
  const { grantType } = identity;
  quietly(queryClient.query(jsonConfigQuery('menu', grantType)));
  quietly(queryClient.query(jsonConfigQuery('feature', grantType)));
  quietly(queryClient.query(mailCountQuery(true)));
  if (grantType !== 'password') return;
  quietly(queryClient.query(jsonConfigQuery('translations', grantType)));
  quietly(queryClient.query(storeSettingQuery(true)));
  quietly(queryClient.query(userPreferenceQuery(true)));
  quietly(queryClient.query(userByNameQuery(identity.email)));
  quietly(queryClient.query(mailSetupStatusQuery(true)));
}
