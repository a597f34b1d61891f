import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { TGetSupplierReportResponse } from '@claimdesk/contracts';
import { FigureTable } from './figure-table';
import { Figures } from './report-section';
import type { TReportFormat } from './report-format';

/** Per supplier: cases, acceptance, costs, credited and outstanding (bars and table). */
export function SupplierFigures({
  report,
  format,
}: {
  report: TGetSupplierReportResponse;
  format: TReportFormat;
}) {
  const { t } = useTranslation('reports');
  const { totals } = report;
  const data = report.rows.map((r) => ({
    name: r.name,
    costs: r.costsMinor / 100,
    credited: r.creditedMinor / 100,
    outstanding: r.outstandingMinor / 100,
  }));
  const money = (major: number) => format.money(Math.round(major * 100));
  return (
    <>
      <Figures
        items={[
          { label: t('suppliers.costs'), value: format.money(totals.costsMinor) },
          { label: t('suppliers.credited'), value: format.money(totals.creditedMinor) },
          { label: t('suppliers.outstanding'), value: format.money(totals.outstandingMinor) },
          { label: t('suppliers.recoveryRate'), value: format.percent(totals.recoveryRate) },
        ]}
      />
      <BarChart
        h={Math.max(180, 56 * data.length + 60)}
        data={data}
        dataKey="name"
        orientation="vertical"
        withLegend
        aria-label={t('suppliers.chart')}
        yAxisProps={{ width: 110 }}
        series={[
          { name: 'costs', label: t('suppliers.costs'), color: 'gray.6' },
          { name: 'credited', label: t('suppliers.credited'), color: 'teal.6' },
          { name: 'outstanding', label: t('suppliers.outstanding'), color: 'red.6' },
        ]}
        valueFormatter={money}
      />
      <FigureTable
        caption={t('suppliers.tableCaption', { currency: report.currency })}
        rows={report.rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 'name', label: t('suppliers.supplier'), value: (r) => r.name },
          { key: 'cases', label: t('suppliers.cases'), value: (r) => format.count(r.cases), isNumeric: true },
          {
            key: 'acceptance',
            label: t('suppliers.acceptanceRate'),
            value: (r) => format.percent(r.acceptanceRate),
            isNumeric: true,
          },
          {
            key: 'costs',
            label: t('suppliers.costs'),
            value: (r) => format.money(r.costsMinor),
            isNumeric: true,
          },
          {
            key: 'credited',
            label: t('suppliers.credited'),
            value: (r) => format.money(r.creditedMinor),
            isNumeric: true,
          },
          {
            key: 'recovery',
            label: t('suppliers.recoveryRate'),
            value: (r) => format.percent(r.recoveryRate),
            isNumeric: true,
          },
          {
            key: 'outstanding',
            label: t('suppliers.outstanding'),
            value: (r) => format.money(r.outstandingMinor),
            isNumeric: true,
          },
        ]}
        total={[
          t('total'),
          format.count(totals.cases),
          format.percent(totals.acceptanceRate),
          format.money(totals.costsMinor),
          format.money(totals.creditedMinor),
          format.percent(totals.recoveryRate),
          format.money(totals.outstandingMinor),
        ]}
      />
    </>
  );
}
