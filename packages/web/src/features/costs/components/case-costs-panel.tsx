import { Alert, Button, Divider, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsExchange, IconFileTypePdf, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useJsonConfig } from '../../../lib/config-queries';
import { ADMIN_ROLES, hasAnyRole } from '../../../lib/constants';
import { errorText } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { useCaseCosts } from '../api/get-case-costs';
import { useDownloadCaseCostPdf } from '../api/get-case-cost-pdf';
import { CostLineForm } from './cost-line-form';
import { CostLinesTable, CreditNotesTable } from './cost-tables';
import { CostsSummary } from './costs-summary';
import { CreditNoteForm } from './credit-note-form';
import { ExchangeRatesModal } from './exchange-rates-modal';
import { RecoveryForm } from './recovery-form';

/**
 * The case's costs tab: totals, cost lines, credit notes and the recovery from the supplier,
 * and the whole of it as a PDF file.
 */
export function CaseCostsPanel({ caseId, caseNumber }: { caseId: number; caseNumber: number }) {
  const { t, i18n } = useTranslation('costs');
  const pdf = useDownloadCaseCostPdf();
  const { grantType, currentUser } = useShell();
  const [isRatesOpen, rates] = useDisclosure(false);
  const costs = useCaseCosts(caseId);
  const form = useJsonConfig('cost-form', grantType);
  if (costs.isError) return <Alert color="red">{errorText(costs.error)}</Alert>;
  if (!costs.data || !form.data) return <Skeleton h={240} />;
  const data = costs.data;
  return (
    <Stack gap="md" data-testid="case-costs">
      <CostsSummary costs={data} />
      <Group justify="flex-end">
        <Button
          type="button"
          variant="light"
          size="xs"
          leftSection={<IconFileTypePdf size={16} />}
          loading={pdf.isPending}
          onClick={() => pdf.mutate({ caseId, caseNumber, lang: i18n.language })}
        >
          {t('pdf.caseReport')}
        </Button>
      </Group>
      {data.isLocked && (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t('locked')}
        </Alert>
      )}
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h5">
            {t('line.title')}
          </Title>
          <Button
            type="button"
            variant="subtle"
            size="xs"
            leftSection={<IconArrowsExchange size={16} />}
            onClick={rates.open}
          >
            {t('rates.title')}
          </Button>
        </Group>
        <ExchangeRatesModal
          opened={isRatesOpen}
          onClose={rates.close}
          form={form.data}
          canEdit={hasAnyRole(currentUser?.roles ?? [], ADMIN_ROLES)}
        />
        <CostLinesTable costs={data} form={form.data} />
        {!data.isLocked && (
          <>
            <Divider my="md" />
            <CostLineForm caseId={caseId} form={form.data} />
          </>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="sm">
          {t('credit.title')}
        </Title>
        <CreditNotesTable costs={data} />
        {!data.isLocked && (
          <>
            <Divider my="md" />
            <CreditNoteForm caseId={caseId} form={form.data} />
            <Divider my="md" />
            <RecoveryForm caseId={caseId} recovery={data.recovery} />
          </>
        )}
      </Paper>
    </Stack>
  );
}
