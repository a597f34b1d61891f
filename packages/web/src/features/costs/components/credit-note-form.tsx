import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COST_LIMITS, type TCostFormConfig } from '@claimdesk/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useAddCreditNote } from '../api/add-credit-note';
import { applyCostErrors, toMinor } from '../lib/money';
import { AmountField, ChoiceField, DateInputField, submitOnEnter } from './cost-fields';

interface Values {
  number: string;
  noteDate: string;
  amount: number | string;
  currency: string;
  note: string;
}
const FIELDS = ['number', 'noteDate', 'amount', 'currency', 'note'] as const;

/** Registers a credit note the supplier sent. */
export function CreditNoteForm({ caseId, form }: { caseId: number; form: TCostFormConfig }) {
  const { t } = useTranslation('costs');
  const add = useAddCreditNote();
  const { control, register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: {
      number: '',
      noteDate: new Date().toISOString().slice(0, 10),
      amount: '',
      currency: form.defaultCurrency,
      note: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    let isMissing = false;
    if (!values.number.trim()) {
      setError('number', { type: 'required', message: t('common:validation.required') });
      isMissing = true;
    }
    if (values.amount === '') {
      setError('amount', { type: 'required', message: t('common:validation.required') });
      isMissing = true;
    }
    if (isMissing) return;
    try {
      await add.mutateAsync({
        caseId,
        note: {
          number: values.number,
          noteDate: values.noteDate,
          amountMinor: toMinor(Number(values.amount)),
          currency: values.currency,
          note: values.note || null,
        },
      });
      notifySuccess(t('credit.added'));
      reset({ ...values, number: '', amount: '', note: '' });
    } catch (error) {
      applyCostErrors(error, setError, FIELDS, { amountMinor: 'amount' });
    }
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <div onKeyDown={submitOnEnter(() => void submit())} data-testid="credit-note-form">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          {...register('number')}
          label={t('credit.number')}
          maxLength={COST_LIMITS.creditNoteNumber}
          error={error('number')}
        />
        <DateInputField
          control={control}
          name="noteDate"
          label={t('credit.date')}
          error={error('noteDate')}
        />
        <AmountField control={control} name="amount" label={t('credit.amount')} error={error('amount')} />
        <ChoiceField
          control={control}
          name="currency"
          label={t('line.currency')}
          data={form.currencies}
          error={error('currency')}
        />
        <TextInput
          {...register('note')}
          label={t('line.note')}
          maxLength={COST_LIMITS.note}
          error={error('note')}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button
          type="button"
          leftSection={<IconPlus size={16} />}
          variant="light"
          onClick={() => void submit()}
          loading={add.isPending}
        >
          {t('credit.add')}
        </Button>
      </Group>
    </div>
  );
}
