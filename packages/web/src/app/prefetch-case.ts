import type { QueryClient } from '@tanstack/react-query';
import { workflowConfigQuery } from '../lib/config-queries';
import { getSession, isSessionValid } from '../lib/session';
import { caseQuery } from '../features/cases/api/get-case';
import { caseMailsQuery } from '../features/mail/api/list-case-mails';

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
  const quietly = (read: Promise<unknown>) => void read.catch(() => undefined);
  for (const kind of ['form', 'status-options', 'tabs'] as const)
    quietly(queryClient.query(workflowConfigQuery(kind, workFlow, identity.grantType)));
  const id = Number(/^(\d{1,15})(?:\/|$)/.exec(splat ?? '')?.[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  quietly(queryClient.query(caseQuery(id)));
  quietly(queryClient.query(caseMailsQuery(id)));
}
