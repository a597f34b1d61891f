import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const CaseMailThread = lazy(() => import('./case-mail-thread').then((m) => ({ default: m.CaseMailThread })));

/** The case page's mail tab, loaded with its own code when a case is opened (the app wires it in). */
export const renderCaseMails = (caseId: number) => (
  <Suspense fallback={<Skeleton height={220} />}>
    <CaseMailThread caseId={caseId} />
  </Suspense>
);
