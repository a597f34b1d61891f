import { BarChart } from '@mantine/charts';
import { SegmentedControl, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGetCaseReportResponse, TResolutionRow } from '@claimdesk/contracts';
import { FigureTable } from './figure-table';
import { Figures } from './report-section';
import type { TReportFormat } from './report-format';

type TGrouping = 'byWorkflow' | 'bySupplier' | 'byAgent';
const GROUPINGS: TGrouping[] = ['byWorkflow', 'bySupplier', 'byAgent'];

/**
 * The period's cases per bucket of the chosen date (closed and still open, stacked), the open
 * ones by status, and time to resolution by workflow, supplier or agent.
 */
export function CaseFigures({
  report,
  format,
  workflowName,
  statusName,
}: {
  report: TGetCaseReportResponse;
  format: TReportFormat;
  workflowName: (workFlow: string) => string;
  statusName: (workFlow: string, status: string) => string;
}) {
  const { t } = useTranslation('reports');
  const [grouping, setGrouping] = useState<TGrouping>('byWorkflow');
  const { totals } = report;
  const data = report.buckets.map((b) => ({
    period: format.bucket(b.start, report.interval),
    closed: b.closed,
    open: b.open,
  }));
  const nameOf = (row: TResolutionRow) =>
    grouping === 'byWorkflow' && row.key ? workflowName(row.key) : (row.label ?? row.key ?? t('none'));
  const resolution = report.resolution[grouping].map((row) => ({ ...row, name: nameOf(row) }));
  return (
    <>
      <Figures
        items={[
          { label: t('cases.cases'), value: format.count(totals.cases) },
          { label: t('cases.closed'), value: format.count(totals.closed) },
          { label: t('cases.open'), value: format.count(totals.open) },
        ]}
      />
      <BarChart
        h={260}
        data={data}
        dataKey="period"
        type="stacked"
        withLegend
        tickLine="y"
        aria-label={t('cases.chart')}
        series={[
          { name: 'closed', label: t('cases.closed'), color: 'teal.6' },
          { name: 'open', label: t('cases.open'), color: 'orange.6' },
        ]}
        valueFormatter={format.count}
        maxBarWidth={32}
      />
      <FigureTable
        caption={t('cases.tableCaption')}
        rows={report.buckets}
        rowKey={(b) => b.start}
        maxHeight={280}
        columns={[
          { key: 'period', label: t('period'), value: (b) => format.bucket(b.start, report.interval) },
          { key: 'cases', label: t('cases.cases'), value: (b) => format.count(b.cases), isNumeric: true },
          { key: 'closed', label: t('cases.closed'), value: (b) => format.count(b.closed), isNumeric: true },
          { key: 'open', label: t('cases.open'), value: (b) => format.count(b.open), isNumeric: true },
        ]}
        total={[
          t('total'),
          format.count(totals.cases),
          format.count(totals.closed),
          format.count(totals.open),
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('cases.openByStatus')}
          </Title>
          <FigureTable
            caption={t('cases.openByStatusCaption')}
            rows={report.openByStatus}
            rowKey={(s) => `${s.workFlow}/${s.status}`}
            columns={[
              { key: 'workflow', label: t('cases.workflow'), value: (s) => workflowName(s.workFlow) },
              { key: 'status', label: t('cases.status'), value: (s) => statusName(s.workFlow, s.status) },
              { key: 'count', label: t('cases.open'), value: (s) => format.count(s.count), isNumeric: true },
            ]}
            total={[t('total'), '', format.count(report.openByStatus.reduce((sum, s) => sum + s.count, 0))]}
          />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('cases.resolution')}
          </Title>
          <SegmentedControl
            size="xs"
            value={grouping}
            onChange={(value) => setGrouping(value)}
            data={GROUPINGS.map((g) => ({ value: g, label: t(`cases.${g}`) }))}
            aria-label={t('cases.resolutionBy')}
          />
          <BarChart
            h={Math.max(160, 44 * resolution.length + 60)}
            data={resolution}
            dataKey="name"
            orientation="vertical"
            withLegend
            aria-label={t('cases.resolutionChart')}
            yAxisProps={{ width: 110 }}
            series={[
              { name: 'medianHours', label: t('cases.medianHours'), color: 'blue.6' },
              { name: 'p90Hours', label: t('cases.p90Hours'), color: 'violet.4' },
            ]}
            valueFormatter={(h) => format.hours(h)}
          />
          <FigureTable
            caption={t('cases.resolutionCaption')}
            rows={resolution}
            rowKey={(r) => r.key ?? ''}
            columns={[
              { key: 'name', label: t(`cases.${grouping}`), value: (r) => r.name },
              {
                key: 'closed',
                label: t('cases.closed'),
                value: (r) => format.count(r.closed),
                isNumeric: true,
              },
              {
                key: 'median',
                label: t('cases.medianHours'),
                value: (r) => format.hours(r.medianHours),
                isNumeric: true,
              },
              {
                key: 'p90',
                label: t('cases.p90Hours'),
                value: (r) => format.hours(r.p90Hours),
                isNumeric: true,
              },
            ]}
          />
        </Stack>
      </SimpleGrid>
    </>
  );
}
