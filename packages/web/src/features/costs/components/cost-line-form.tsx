import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COST_LIMITS, COST_PAYERS, type TCostFormConfig, type TCostPayer } from '@claimdesk/contracts';
import { DateField } from '../../../components/ui/date-field';
import { notifySuccess } from '../../../lib/notify';
import { useAddCostLine } from '../api/add-cost-line';
import { applyCostErrors, toMinor, decimalSeparatorOf } from '../lib/money';

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

/** Enter in a field adds the line (the case page is a form of its own, which must not submit). */
export const submitOnEnter = (submit: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
    e.preventDefault();
    submit();
  }
};

/** Adds a cost line: the choices come from the store's cost form configuration. */
export function CostLineForm({ caseId, form }: { caseId: number; form: TCostFormConfig }) {
  const { t, i18n } = useTranslation('costs');
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
        <Controller
          control={control}
          name="costType"
          render={({ field }) => (
            <Select
              {...field}
              label={t('line.costType')}
              data={form.costTypes.map((o) => ({ value: o.value, label: label(o.label) }))}
              allowDeselect={false}
              error={error('costType')}
            />
          )}
        />
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <NumberInput
              decimalSeparator={decimalSeparatorOf(i18n.language)}
              {...field}
              label={t('line.amount')}
              decimalScale={2}
              min={0}
              hideControls
              error={error('amount')}
            />
          )}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field }) => (
            <Select
              {...field}
              label={t('line.currency')}
              data={form.currencies}
              allowDeselect={false}
              error={error('currency')}
            />
          )}
        />
        <Controller
          control={control}
          name="vatRate"
          render={({ field }) => (
            <Select
              {...field}
              label={t('line.vatRate')}
              data={form.vatRates.map((r) => ({ value: String(r), label: `${String(r)} %` }))}
              allowDeselect={false}
              error={error('vatRate')}
            />
          )}
        />
        <Controller
          control={control}
          name="costDate"
          render={({ field }) => (
            <DateField
              value={field.value}
              onChange={field.onChange}
              label={t('line.costDate')}
              error={error('costDate')}
            />
          )}
        />
        <Controller
          control={control}
          name="paidBy"
          render={({ field }) => (
            <Select
              {...field}
              label={t('line.paidBy')}
              data={COST_PAYERS.map((p) => ({ value: p, label: t(`payer.${p}`) }))}
              allowDeselect={false}
              error={error('paidBy')}
            />
          )}
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
