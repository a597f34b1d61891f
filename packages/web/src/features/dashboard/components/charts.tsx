import { BarChart, LineChart } from '@mantine/charts';
import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardResponse } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';
import type { TStatusLookup } from './status-label';

const SERIES_COLORS = ['orange.6', 'blue.6', 'teal.6', 'violet.6', 'yellow.6', 'gray.6'];

/** Open cases per status, one stacked bar per status with a part per workflow. */
export function OpenByStatusChart({
  data,
  status,
  workflowName,
}: {
  data: TDashboardResponse['openByStatus'];
  status: TStatusLookup;
  workflowName: (workFlow: string) => string;
}) {
  const { t } = useTranslation('cases');
  if (data.length === 0)
    return (
      <Center h={260}>
        <Text c="dimmed" size="sm">
          {t('dashboard.emptyChart')}
        </Text>
      </Center>
    );
  const workFlows = [...new Set(data.map((d) => d.workFlow))];
  const rows = new Map<string, Record<string, string | number>>();
  // In the workflow's own status order (new, in progress, ..., closed ones last).
  const ordered = [...data].sort(
    (a, b) => status(a.workFlow, a.status).order - status(b.workFlow, b.status).order,
  );
  for (const entry of ordered) {
    const label = status(entry.workFlow, entry.status).label;
    const row = rows.get(label) ?? { status: label };
    row[entry.workFlow] = (Number(row[entry.workFlow]) || 0) + entry.count;
    rows.set(label, row);
  }
  return (
    <BarChart
      h={260}
      data={[...rows.values()]}
      dataKey="status"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 150 }}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={workFlows.map((w, i) => ({
        name: w,
        label: workflowName(w),
        color: SERIES_COLORS[i % SERIES_COLORS.length] ?? 'gray.6',
      }))}
      tickLine="x"
      gridAxis="x"
    />
  );
}

/** Cases created and closed per week, the current week last. */
export function PerWeekChart({ data }: { data: TDashboardResponse['perWeek'] }) {
  const { t, i18n } = useTranslation('cases');
  const locale = intlLocale(i18n.language);
  // The last week is the current one, still under way: named so, so that its lower counts do
  // not read as a fall.
  const rows = data.map((w, i) => ({
    week:
      i === data.length - 1
        ? t('dashboard.thisWeek')
        : new Date(w.weekStart).toLocaleDateString(locale, { day: 'numeric', month: 'short' }),
    created: w.created,
    closed: w.closed,
  }));
  return (
    <LineChart
      h={260}
      data={rows}
      dataKey="week"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={[
        { name: 'created', label: t('dashboard.created'), color: 'orange.6' },
        { name: 'closed', label: t('dashboard.closed'), color: 'teal.6' },
      ]}
      curveType="monotone"
      tickLine="y"
      gridAxis="y"
    />
  );
}
