import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SUPPLIER_ANSWER_LIMITS, type TPortalCase, type TSupplierOutcome } from '@claimdesk/contracts';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { isHttpError } from '../../../lib/http-error';
import { useAnswerCase } from '../api/answer-case';
import { decimalSeparatorOf, toMinor } from '../lib/money';

interface Values {
  outcome: TSupplierOutcome;
  compensationMode: string | null;
  amount: number | string;
  creditNoteNumber: string;
  note: string;
}
const FIELDS = ['outcome', 'compensationMode', 'amount', 'creditNoteNumber', 'note'] as const;

/** The supplier's answer: outcome, and unless declined the compensation, amount and credit note. */
export function AnswerForm({ claim }: { claim: TPortalCase }) {
  const { t, i18n } = useTranslation(['supplierPortal', 'suppliers', 'common']);
  const answer = useAnswerCase();
  const { control, register, handleSubmit, setError, watch, reset, formState } = useForm<Values>({
    defaultValues: {
      outcome: 'accepted',
      compensationMode: null,
      amount: '',
      creditNoteNumber: '',
      note: '',
    },
  });
  const isDeclined = watch('outcome') === 'declined';
  const submit = handleSubmit(async (values) => {
    const declined = values.outcome === 'declined';
    if (!declined && !values.compensationMode) {
      setError('compensationMode', { type: 'required', message: t('common:validation.required') });
      return;
    }
    try {
      await answer.mutateAsync({
        caseId: claim.id,
        answer: {
          outcome: values.outcome,
          compensationMode: declined ? null : values.compensationMode,
          amountMinor: declined || values.amount === '' ? null : toMinor(Number(values.amount)),
          creditNoteNumber: declined ? null : values.creditNoteNumber || null,
          note: values.note || null,
        },
      });
      notifySuccess(t('answer.sent'));
      reset();
    } catch (error) {
      // The API names the amount in minor units; the form types it in major ones.
      if (isHttpError(error) && error.fieldErrors.amountMinor !== undefined) {
        error.fieldErrors.amount = error.fieldErrors.amountMinor;
        if (error.fieldIssues.amountMinor) error.fieldIssues.amount = error.fieldIssues.amountMinor;
      }
      applyServerErrors(error, setError, FIELDS);
    }
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;
  return (
    <Paper withBorder p="md" data-testid="answer-form">
      <Title order={3} size="h5" mb="sm">
        {t('answer.title')}
      </Title>
      <Stack gap="sm">
        <Controller
          control={control}
          name="outcome"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="answer-outcome-label">
                {t('answer.outcome')}
              </Text>
              <SegmentedControl
                {...field}
                aria-labelledby="answer-outcome-label"
                data={(['accepted', 'partly', 'declined'] as const).map((value) => ({
                  value,
                  label: t(`outcome.${value}`),
                }))}
              />
            </Stack>
          )}
        />
        {!isDeclined && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Controller
              control={control}
              name="compensationMode"
              render={({ field }) => (
                <Select
                  {...field}
                  label={t('answer.mode')}
                  data={claim.compensationModes.map((value) => ({
                    value,
                    label: t(`suppliers:mode.${value}`, { defaultValue: value }),
                  }))}
                  error={error('compensationMode')}
                  withAsterisk
                />
              )}
            />
            <Controller
              control={control}
              name="amount"
              render={({ field }) => (
                <NumberInput
                  {...field}
                  label={t('answer.amountIn', { currency: claim.currency })}
                  decimalSeparator={decimalSeparatorOf(i18n.language)}
                  decimalScale={2}
                  min={0}
                  hideControls
                  error={error('amount')}
                />
              )}
            />
            <TextInput
              {...register('creditNoteNumber')}
              label={t('answer.creditNoteNumber')}
              maxLength={SUPPLIER_ANSWER_LIMITS.creditNoteNumber}
              error={error('creditNoteNumber')}
            />
          </SimpleGrid>
        )}
        <Textarea
          {...register('note')}
          label={t('answer.note')}
          maxLength={SUPPLIER_ANSWER_LIMITS.note}
          autosize
          minRows={2}
          error={error('note')}
        />
        <Group>
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => void submit()}
            loading={answer.isPending}
          >
            {t('answer.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
