import { Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { TCaseListType } from '@claimdesk/contracts';
import { CasesListRoute } from '../../../features/cases/routes/cases-list';

// A case's page and a new case load their code (and the other features' parts) when opened.
const CasePage = lazy(() => import('./case-page').then((m) => ({ default: m.CasePage })));
const CaseNewPage = lazy(() => import('./case-new-page').then((m) => ({ default: m.CaseNewPage })));

function ScreenSkeleton() {
  return (
    <Stack gap="md">
      <Skeleton height={34} width={280} />
      <Paper withBorder p="md">
        <Skeleton height={320} />
      </Paper>
    </Stack>
  );
}

/** The screens under cases/{type}/{workFlow}: the list, a new case, the support preview, one case. */
export function CasesPages({ type, workFlow }: { type: TCaseListType; workFlow: string }) {
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <Routes>
        <Route
          index
          element={<CasesListRoute key={`${type}-${workFlow}`} type={type} workFlow={workFlow} />}
        />
        <Route
          path="new"
          element={
            type === 'open' ? (
              <CaseNewPage key={workFlow} />
            ) : (
              <Navigate to={`/cases/open/${workFlow}/new`} replace />
            )
          }
        />
        <Route
          path="new/preview"
          element={
            type === 'open' ? (
              <CaseNewPage key={`${workFlow}-preview`} isPreview />
            ) : (
              <Navigate to={`/cases/open/${workFlow}/new/preview`} replace />
            )
          }
        />
        <Route path=":caseRef" element={<CasePage />} />
        <Route path="*" element={<Navigate to="/not-found" replace />} />
      </Routes>
    </Suspense>
  );
}
