import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { COST_PDF_MAX_DAYS, ZGetCostRegPdfQuery } from '@claimdesk/contracts';
import { DateField } from '../../../components/ui/date-field';
import { PageHeader } from '../../../components/ui/page-header';
import { codedResolver } from '../../../lib/coded-resolver';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useShell } from '../../../lib/shell-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCostPdfSuppliers, useDownloadCostRegPdf } from '../api/get-cost-reg-pdf';

interface TForm {
  fromDate: string;
  toDate: string;
  supplier?: string | undefined;
}

const iso = (date: Date) =>
  `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Twelve calendar months up to today: from the first of the month eleven months back. */
const defaultPeriod = (today = new Date()) => ({
  fromDate: iso(new Date(today.getFullYear(), today.getMonth() - 11, 1)),
  toDate: iso(today),
});

/**
 * /reports/cost-pdf (administrators and managers): the supplier statement of a period as a PDF
 * file, for one supplier or all, in the UI's language.
 */
export function CostPdfRoute() {
  const { t, i18n } = useTranslation(['costs', 'reports']);
  const { features } = useShell();
  useDocumentTitle(t('pdf.statement.title'));
  const suppliers = useCostPdfSuppliers();
  const download = useDownloadCostRegPdf({ mutationConfig: { meta: { handlesErrors: true } } });
  const { control, handleSubmit, setError, formState } = useForm<TForm>({
    resolver: codedResolver<TForm>(ZGetCostRegPdfQuery),
    defaultValues: defaultPeriod(),
  });
  const onSubmit = handleSubmit((values) => {
    const parsed = ZGetCostRegPdfQuery.parse(values);
    download.mutate(
      { fromDate: parsed.fromDate, toDate: parsed.toDate, supplier: parsed.supplier, lang: i18n.language },
      {
        onSuccess: () => notifySuccess(t('pdf.statement.downloaded')),
        onError: (error) => applyServerErrors(error, setError, ['fromDate', 'toDate', 'supplier']),
      },
    );
  });
  const options = (suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));

  return (
    <>
      <PageHeader
        title={t('pdf.statement.title')}
        description={t('pdf.statement.description', { max: COST_PDF_MAX_DAYS })}
        actions={
          <Anchor component={Link} to="/reports" size="sm">
            {t('pdf.statement.toReports')}
          </Anchor>
        }
      />
      {!features.costReg && (
        <Alert color="gray" mb="md">
          {t('pdf.off')}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" maw={720}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('pdf.statement.title')}>
          <Stack gap="md">
            <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <Controller
                control={control}
                name="fromDate"
                render={({ field, fieldState }) => (
                  <DateField
                    label={t('pdf.statement.from')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required
                    miw={150}
                  />
                )}
              />
              <Controller
                control={control}
                name="toDate"
                render={({ field, fieldState }) => (
                  <DateField
                    label={t('pdf.statement.to')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message}
                    required
                    miw={150}
                  />
                )}
              />
            </Group>
            <Controller
              control={control}
              name="supplier"
              render={({ field, fieldState }) => (
                <Select
                  label={t('pdf.statement.supplier')}
                  placeholder={t('pdf.statement.allSuppliers')}
                  data={options}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  searchable
                  clearable
                  nothingFoundMessage={t('pdf.statement.noSupplier')}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <Text size="sm" c="dimmed">
              {t('pdf.statement.explain')}
            </Text>
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconFileTypePdf size={18} />}
                loading={download.isPending}
                disabled={!features.costReg || formState.isSubmitting}
              >
                {t('pdf.download')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
