import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { TGetMailReportResponse, TMailboxFigures } from '@claimdesk/contracts';
import { FigureTable } from './figure-table';
import { Figures } from './report-section';
import type { TReportFormat } from './report-format';

/** Mail in and out per bucket (bars), per mailbox (table), and the time to a first answer. */
export function MailFigures({ report, format }: { report: TGetMailReportResponse; format: TReportFormat }) {
  const { t } = useTranslation('reports');
  const { totals } = report;
  const data = report.buckets.map((b) => ({
    period: format.bucket(b.start, report.interval),
    in: b.in,
    out: b.out,
  }));
  const mailbox = (m: TMailboxFigures) => m.address ?? t('mail.noMailbox');
  return (
    <>
      <Figures
        items={[
          { label: t('mail.in'), value: format.count(totals.in) },
          { label: t('mail.out'), value: format.count(totals.out) },
          { label: t('mail.medianFirstAnswer'), value: format.hours(totals.medianHoursToFirstAnswer) },
          {
            label: t('mail.answered'),
            value: t('mail.answeredOf', {
              answered: format.count(totals.answered),
              total: format.count(totals.conversations),
            }),
          },
        ]}
      />
      <BarChart
        h={260}
        data={data}
        dataKey="period"
        withLegend
        tickLine="y"
        aria-label={t('mail.chart')}
        series={[
          { name: 'in', label: t('mail.in'), color: 'blue.6' },
          { name: 'out', label: t('mail.out'), color: 'teal.6' },
        ]}
        valueFormatter={format.count}
        maxBarWidth={32}
      />
      <FigureTable
        caption={t('mail.tableCaption')}
        rows={report.mailboxes}
        rowKey={(m) => String(m.mailboxId)}
        columns={[
          { key: 'mailbox', label: t('mail.mailbox'), value: mailbox },
          { key: 'in', label: t('mail.in'), value: (m) => format.count(m.in), isNumeric: true },
          { key: 'out', label: t('mail.out'), value: (m) => format.count(m.out), isNumeric: true },
          {
            key: 'answered',
            label: t('mail.answered'),
            value: (m) => `${format.count(m.answered)} / ${format.count(m.conversations)}`,
            isNumeric: true,
          },
          {
            key: 'median',
            label: t('mail.medianFirstAnswer'),
            value: (m) => format.hours(m.medianHoursToFirstAnswer),
            isNumeric: true,
          },
        ]}
        total={[
          t('total'),
          format.count(totals.in),
          format.count(totals.out),
          `${format.count(totals.answered)} / ${format.count(totals.conversations)}`,
          format.hours(totals.medianHoursToFirstAnswer),
        ]}
      />
    </>
  );
}
