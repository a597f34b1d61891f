import '@mantine/charts/styles.css';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { IconChartBar } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useJsonConfig, workflowConfigQuery } from '../../../lib/config-queries';
import { canOpen } from '../../../lib/menu-rules';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDownloadCostsCsv } from '../api/download-costs-csv';
import { useDownloadReportCsv, type TReportCsv } from '../api/download-report-csv';
import { useCaseReport } from '../api/get-case-report';
import { useMailReport } from '../api/get-mail-report';
import { useSupplierReport } from '../api/get-supplier-report';
import { CaseFigures } from '../components/case-section';
import { MailFigures } from '../components/mail-section';
import { PeriodFilter } from '../components/period-filter';
import { reportFormat } from '../components/report-format';
import { ReportSection } from '../components/report-section';
import { SupplierFigures } from '../components/supplier-section';
import { useReportFilter } from '../hooks/use-report-filter';

const loading = <Skeleton h={320} radius="md" />;

/**
 * /reports (administrators and managers): mail, case and supplier figures over a period, each
 * with its charts, its tables and its CSV files.
 */
export function ReportsRoute() {
  const { t, i18n } = useTranslation(['reports', 'common']);
  const { identity, grantType } = useSession();
  const { filter, setFilter } = useReportFilter();
  const mails = useMailReport(filter);
  const cases = useCaseReport(filter);
  const suppliers = useSupplierReport(filter);
  const download = useDownloadReportCsv();
  const costLines = useDownloadCostsCsv();
  const features = useJsonConfig('feature', grantType);
  useDocumentTitle(t('title'));

  const workFlows = useMemo(
    () => [...new Set((cases.data?.openByStatus ?? []).map((s) => s.workFlow))].sort(),
    [cases.data],
  );
  const statusOptions = useQueries({
    queries: workFlows.map((w) => workflowConfigQuery('status-options', w, grantType)),
  });
  const statusData = statusOptions.map((q) => q.data);
  const statusName = useCallback(
    (workFlow: string, status: string) => {
      const option = statusData[workFlows.indexOf(workFlow)]?.statuses.find((s) => s.value === status);
      return option ? t(option.label, { ns: ['cases', 'common'], defaultValue: option.label }) : status;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [workFlows, t, ...statusData],
  );
  const workflowName = useCallback(
    (workFlow: string) => t(`menu.${workFlow}`, { ns: 'common', defaultValue: workFlow }),
    [t],
  );

  const isAllowed =
    identity && canOpen('reports', { authorities: identity.authorities, grantType: grantType ?? '' });
  if (!isAllowed) return <Navigate to="/access-denied" replace />;

  const format = reportFormat(i18n.language, suppliers.data?.currency ?? null);
  const csv = (table: TReportCsv, label: string) => ({
    label,
    isLoading: download.isPending && download.variables.table === table,
    onClick: () => download.mutate({ table, filter }, { onError: notifyError }),
  });
  // Every cost line of the period, with a totals row (GET /v2/api/exports/costs), when costs are kept.
  const costsCsv = features.data?.costReg
    ? [
        {
          label: t('suppliers.costsCsv'),
          isLoading: costLines.isPending,
          onClick: () => costLines.mutate(filter, { onError: notifyError }),
        },
      ]
    : [];
  const isEmpty =
    mails.data?.totals.in === 0 &&
    mails.data.totals.out === 0 &&
    cases.data?.totals.cases === 0 &&
    suppliers.data?.rows.length === 0;
  const failed = [mails, cases, suppliers].find((q) => q.isError);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <PeriodFilter filter={filter} onChange={setFilter} />
      {failed && (
        <Alert color="red" mb="lg" title={t('loadFailed')}>
          {t('common:errors.generic')}
        </Alert>
      )}
      {isEmpty ? (
        <EmptyState
          icon={<IconChartBar size={32} />}
          title={t('empty.title')}
          description={t('empty.description')}
        />
      ) : (
        <Stack gap="lg">
          <ReportSection
            id="report-mail"
            title={t('mail.title')}
            description={t('mail.description')}
            downloads={[csv('mails', t('csv'))]}
          >
            {mails.data ? <MailFigures report={mails.data} format={format} /> : loading}
          </ReportSection>
          <ReportSection
            id="report-cases"
            title={t('cases.title')}
            description={t(`cases.description.${filter.basis}`)}
            downloads={[
              csv('cases', t('cases.csv')),
              csv('statuses', t('cases.statusesCsv')),
              csv('resolution', t('cases.resolutionCsv')),
            ]}
          >
            {cases.data ? (
              <CaseFigures
                report={cases.data}
                format={format}
                workflowName={workflowName}
                statusName={statusName}
              />
            ) : (
              loading
            )}
          </ReportSection>
          <ReportSection
            id="report-suppliers"
            title={t('suppliers.title')}
            description={t('suppliers.description')}
            downloads={[csv('suppliers', t('csv')), ...costsCsv]}
          >
            {suppliers.data ? <SupplierFigures report={suppliers.data} format={format} /> : loading}
          </ReportSection>
        </Stack>
      )}
    </>
  );
}
