import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDashboardTile } from '@claimdesk/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { hasAnyRole } from '../../../lib/constants';
import { useSession } from '../../../lib/session';
import { useShell } from '../../../lib/shell-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import { useDashboardConfig } from '../api/get-dashboard-config';
import { CaseRows } from '../components/case-rows';
import { MyDesk } from '../components/my-desk';
import { STORE_DASHBOARD_ROLES } from '../roles';
import { useStatusLookup } from '../components/status-label';
import { Tile } from '../components/tile';
import { errorTextClass } from '../../../components/ui/error-text';

// The charts' code loads beside the figures (the router's loader asks for it early).
const OpenByStatusChart = lazy(() =>
  import('../components/charts').then((m) => ({ default: m.OpenByStatusChart })),
);
const PerWeekChart = lazy(() => import('../components/charts').then((m) => ({ default: m.PerWeekChart })));

const TITLES: Record<TDashboardTile, string> = {
  'open-by-status': 'dashboard.openByStatus',
  'created-closed-per-week': 'dashboard.perWeek',
  'oldest-open': 'dashboard.oldestOpen',
  'my-cases': 'dashboard.myCases',
};

const chartSkeleton = <Skeleton h={260} />;

/**
 * /dashboard: administrators and managers see the tiles of the store's dashboard configuration,
 * in its order; agents see their own desk (issue 35.6). The route guard lets staff in.
 */
export function DashboardRoute() {
  const { identity } = useSession();
  return hasAnyRole(identity?.authorities ?? [], STORE_DASHBOARD_ROLES) ? <StoreDashboard /> : <MyDesk />;
}

function StoreDashboard() {
  const { t } = useTranslation('cases');
  const { grantType, menu } = useShell();
  const config = useDashboardConfig(grantType);
  const figures = useDashboard();
  const workFlows = useMemo(() => {
    const fromData = (figures.data?.openByStatus ?? []).map((d) => d.workFlow);
    const fromRows = [...(figures.data?.oldestOpen ?? []), ...(figures.data?.myCases.rows ?? [])].map(
      (r) => r.workFlow,
    );
    return [...new Set([...fromData, ...fromRows])].sort();
  }, [figures.data]);
  const status = useStatusLookup(workFlows, grantType);
  useDocumentTitle(t('dashboard.title'));

  const workflowName = (workFlow: string) => {
    const item = menu.find((m) => m.workFlow === workFlow);
    return item ? t(item.label, { ns: ['common', 'cases'], defaultValue: item.label }) : workFlow;
  };
  const data = figures.data;
  const weeks = config.data?.weeks ?? 12;

  const body = (tile: TDashboardTile): ReactNode => {
    if (!data)
      return tile === 'open-by-status' || tile === 'created-closed-per-week' ? (
        chartSkeleton
      ) : (
        <Skeleton h={220} />
      );
    switch (tile) {
      case 'open-by-status':
        return (
          <Suspense fallback={chartSkeleton}>
            <OpenByStatusChart data={data.openByStatus} status={status} workflowName={workflowName} />
          </Suspense>
        );
      case 'created-closed-per-week':
        return (
          <Suspense fallback={chartSkeleton}>
            <PerWeekChart data={data.perWeek} />
          </Suspense>
        );
      case 'oldest-open':
        return (
          <CaseRows
            rows={data.oldestOpen}
            empty={t('dashboard.emptyList')}
            status={status}
            testId="oldest-open"
          />
        );
      case 'my-cases':
        return (
          <Stack gap="sm">
            <Group grow>
              <Paper bg="orange.0" p="sm">
                <Text size="xs" c="dimmed">
                  {t('dashboard.myOpen')}
                </Text>
                <Text fw={700} size="xl" data-testid="my-open-count">
                  {data.myCases.open}
                </Text>
              </Paper>
              <Paper bg="gray.1" p="sm">
                <Text size="xs" c="dimmed">
                  {t('dashboard.myUnread')}
                </Text>
                <Text fw={700} size="xl" data-testid="my-unread-count">
                  {data.myCases.unread}
                </Text>
              </Paper>
            </Group>
            <CaseRows
              rows={data.myCases.rows}
              empty={t('dashboard.emptyMine')}
              status={status}
              testId="my-cases"
            />
          </Stack>
        );
    }
  };

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      {figures.isError && (
        <Text className={errorTextClass} mb="md" role="alert">
          {t('dashboard.failed')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {(config.data?.tiles ?? []).map((tile) => (
          <Tile
            key={tile.key}
            testId={`tile-${tile.key}`}
            title={
              tile.label
                ? t(tile.label, { ns: ['cases', 'common'], defaultValue: tile.label })
                : t(TITLES[tile.key])
            }
            hint={
              tile.key === 'created-closed-per-week'
                ? t('dashboard.perWeekHint', { count: weeks })
                : tile.key === 'open-by-status'
                  ? t('dashboard.openByStatusHint')
                  : undefined
            }
          >
            {body(tile.key)}
          </Tile>
        ))}
      </SimpleGrid>
    </>
  );
}
