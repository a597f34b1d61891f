import { Button, Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COST_LIMITS, COST_PAYERS, type TCostFormConfig, type TCostPayer } from '@claimdesk/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useAddCostLine } from '../api/add-cost-line';
import { applyCostErrors, toMinor } from '../lib/money';
import { AmountField, ChoiceField, DateInputField, submitOnEnter } from './cost-fields';

interface Values {
  costType: string;
  amount: number | string;
  amountIncludesVat: boolean;
  currency: string;
  vatRate: string;
  costDate: string;
  paidBy: TCostPayer;
  note: string;
}
const FIELDS = ['costType', 'amount', 'currency', 'vatRate', 'costDate', 'paidBy', 'note'] as const;

/** Adds a cost line: the choices come from the store's cost form configuration. */
export function CostLineForm({ caseId, form }: { caseId: number; form: TCostFormConfig }) {
  const { t } = useTranslation('costs');
  const label = (key: string) => t(key, { ns: ['costs', 'cases', 'common'], defaultValue: key });
  const add = useAddCostLine();
  const defaults: Values = {
    costType: form.costTypes[0]?.value ?? '',
    amount: '',
    amountIncludesVat: true,
    currency: form.defaultCurrency,
    vatRate: String(form.vatRates[0] ?? 0),
    costDate: new Date().toISOString().slice(0, 10),
    paidBy: 'supplier',
    note: '',
  };
  const { control, register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: defaults,
  });
  const submit = handleSubmit(async (values) => {
    if (values.amount === '' || Number.isNaN(Number(values.amount))) {
      setError('amount', { type: 'required', message: t('common:validation.required') });
      return;
    }
    try {
      await add.mutateAsync({
        caseId,
        line: {
          costType: values.costType,
          amountMinor: toMinor(Number(values.amount)),
          amountIncludesVat: values.amountIncludesVat,
          currency: values.currency,
          vatRate: Number(values.vatRate),
          costDate: values.costDate,
          paidBy: values.paidBy,
          note: values.note || null,
        },
      });
      notifySuccess(t('line.added'));
      reset({ ...values, amount: '', note: '' });
    } catch (error) {
      applyCostErrors(error, setError, FIELDS, { amountMinor: 'amount' });
    }
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <div onKeyDown={submitOnEnter(() => void submit())} data-testid="cost-line-form">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <ChoiceField
          control={control}
          name="costType"
          label={t('line.costType')}
          data={form.costTypes.map((o) => ({ value: o.value, label: label(o.label) }))}
          error={error('costType')}
        />
        <AmountField control={control} name="amount" label={t('line.amount')} error={error('amount')} />
        <ChoiceField
          control={control}
          name="currency"
          label={t('line.currency')}
          data={form.currencies}
          error={error('currency')}
        />
        <ChoiceField
          control={control}
          name="vatRate"
          label={t('line.vatRate')}
          data={form.vatRates.map((r) => ({ value: String(r), label: `${String(r)} %` }))}
          error={error('vatRate')}
        />
        <DateInputField
          control={control}
          name="costDate"
          label={t('line.costDate')}
          error={error('costDate')}
        />
        <ChoiceField
          control={control}
          name="paidBy"
          label={t('line.paidBy')}
          data={COST_PAYERS.map((p) => ({ value: p, label: t(`payer.${p}`) }))}
          error={error('paidBy')}
        />
        <TextInput
          {...register('note')}
          label={t('line.note')}
          maxLength={COST_LIMITS.note}
          error={error('note')}
        />
      </SimpleGrid>
      <Group mt="sm" gap="lg">
        <Button
          type="button"
          leftSection={<IconPlus size={16} />}
          onClick={() => void submit()}
          loading={add.isPending}
        >
          {t('line.add')}
        </Button>
        <Checkbox {...register('amountIncludesVat')} label={t('line.includesVat')} />
      </Group>
    </div>
  );
}
