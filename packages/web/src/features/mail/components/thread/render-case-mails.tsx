import { Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import type { TCase } from '@claimdesk/contracts';
import { getSession } from '../../../../lib/session';
import { caseMailsQuery } from '../../api/list-case-mails';

const CaseMailThread = lazy(() => import('./case-mail-thread').then((m) => ({ default: m.CaseMailThread })));

/**
 * The case page's mail tab, loaded with its own code when a case is opened (app/routes/cases composes it in).
 * Staff write from it; a supplier's contact person reads it only (no workflow: no compose, reply
 * or forward, which the server would refuse) and answers in the supplier portal.
 */
export const renderCaseMails = (current: TCase) => (
  <Suspense fallback={<Skeleton height={220} />}>
    <CaseMailThread
      caseId={current.id}
      workFlow={getSession().grantType === 'password' ? current.workFlow : undefined}
    />
  </Suspense>
);

/** Reads a case's mails into the cache ahead of its mail tab (the thread's own query then finds them). */
export function usePrefetchCaseMails(): (caseId: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (caseId: number) => {
      // An error shows in the tab itself when it asks again; here it is only a head start.
      queryClient.query(caseMailsQuery(caseId)).catch(() => undefined);
    },
    [queryClient],
  );
}
