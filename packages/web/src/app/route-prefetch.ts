import type { QueryClient } from '@tanstack/react-query';
import { jsonConfigQuery, storeSettingQuery, workflowConfigQuery } from '../lib/config-queries';
import { hasAnyRole } from '../lib/constants';
import { canOpen } from '../lib/menu-rules';
import { getSession, isSessionValid } from '../lib/session';
import { FIRST_CASE_NUMBER } from '@claimdesk/contracts';
import { caseQuery } from '../features/cases/api/get-case';
import { caseNumberQuery } from '../features/cases/api/get-case-by-number';
import { dashboardQuery } from '../features/dashboard/api/get-dashboard';
import { myDeskQuery } from '../features/dashboard/api/get-my-desk';
import { STORE_DASHBOARD_ROLES } from '../features/dashboard/roles';
import { caseMailsQuery } from '../features/mail/api/list-case-mails';
import { userPreferenceQuery } from '../features/preferences/api/get-user-preference';
import { mailCountQuery } from '../features/reports/api/get-mail-count';
import { mailSetupStatusQuery } from '../features/settings/api/get-mail-setup-status';
import { userByNameQuery } from '../features/users/api/get-user-by-name';

/*
 * What the routes' loaders start reading at navigation, beside loading the screens' code, so
 * that the screens find it in the cache instead of asking only once they have drawn. Errors show
 * where a screen asks again; here each read is only a head start.
 */
const quietly = (read: Promise<unknown>) => void read.catch(() => undefined);

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
  const { grantType } = identity;
  quietly(queryClient.query(jsonConfigQuery('menu', grantType)));
  quietly(queryClient.query(jsonConfigQuery('feature', grantType)));
  if (grantType !== 'password') return;
  quietly(queryClient.query(mailCountQuery(true)));
  quietly(queryClient.query(jsonConfigQuery('translations', grantType)));
  quietly(queryClient.query(storeSettingQuery(true)));
  quietly(queryClient.query(userPreferenceQuery(true)));
  quietly(queryClient.query(userByNameQuery(identity.email)));
  quietly(queryClient.query(mailSetupStatusQuery(true)));
}

/**
 * Starts reading a case, its workflow's documents and its mails as soon as its address is
 * navigated to, beside the shell's own start (configuration, counts) instead of after it: the
 * case page and its mail tab then find them in the cache. Errors show where the page asks again;
 * here it is only a head start.
 */
export function prefetchCase(
  queryClient: QueryClient,
  workFlow: string | undefined,
  splat: string | undefined,
): void {
  const { identity } = getSession();
  if (!identity || !isSessionValid() || !workFlow) return;
  for (const kind of ['form', 'status-options', 'tabs'] as const)
    quietly(queryClient.query(workflowConfigQuery(kind, workFlow, identity.grantType)));
  const ref = Number(/^(\d{1,15})(?:\/|$)/.exec(splat ?? '')?.[1]);
  if (!Number.isSafeInteger(ref) || ref <= 0) return;
  const byId = (id: number) => {
    quietly(queryClient.query(caseQuery(id)));
    quietly(queryClient.query(caseMailsQuery(id)));
  };
  // The address names the case number; below the first number, an old address's id.
  if (ref < FIRST_CASE_NUMBER) byId(ref);
  else
    quietly(
      queryClient
        .query(caseNumberQuery(queryClient, ref))
        .then((id) => quietly(queryClient.query(caseMailsQuery(id)))),
    );
}

/**
 * The dashboard's reads from the moment its address is navigated to, beside the shell's start,
 * instead of one after the other (configuration and figures once the page has drawn, the status
 * names once the figures are there); the router's loader asks for the charts' code.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  const { identity } = getSession();
  if (!identity || !isSessionValid() || !canOpen('dashboard', identity)) return;
  const { grantType } = identity;
  // Agents get their own desk, not the store's figures (issue 35.6).
  if (!hasAnyRole(identity.authorities, STORE_DASHBOARD_ROLES)) {
    quietly(queryClient.query(myDeskQuery(true)));
    return;
  }
  quietly(queryClient.query(jsonConfigQuery('dashboard', grantType)));
  quietly(
    queryClient.query(dashboardQuery(true)).then((figures) => {
      const workFlows = new Set(
        [...figures.openByStatus, ...figures.oldestOpen, ...figures.myCases.rows].map((r) => r.workFlow),
      );
      for (const workFlow of workFlows)
        quietly(queryClient.query(workflowConfigQuery('status-options', workFlow, grantType)));
    }),
  );
}
