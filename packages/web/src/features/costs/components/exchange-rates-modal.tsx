import { ActionIcon, Button, Group, Modal, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TCostFormConfig } from '@claimdesk/contracts';
import { formatStoredDate } from '../../../components/ui/date-field';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteExchangeRate, useExchangeRates, usePutExchangeRate } from '../api/exchange-rates';
import { applyCostErrors } from '../lib/money';
import { AmountField, ChoiceField, DateInputField, submitOnEnter } from './cost-fields';

interface Values {
  currency: string;
  rateDate: string;
  rate: number | string;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  form: TCostFormConfig;
  /** Administrators add and remove rates; other staff read them. */
  canEdit: boolean;
}

/** The store's exchange-rate table: each line converts at the rate in force on its date. */
export function ExchangeRatesModal({ opened, onClose, form, canEdit }: Props) {
  const { t, i18n } = useTranslation('costs');
  const rates = useExchangeRates(opened);
  const put = usePutExchangeRate();
  const remove = useDeleteExchangeRate();
  const foreign = form.currencies.filter((c) => c !== form.defaultCurrency);
  const { control, handleSubmit, setError, formState, reset } = useForm<Values>({
    defaultValues: { currency: foreign[0] ?? '', rateDate: new Date().toISOString().slice(0, 10), rate: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (values.rate === '') {
      setError('rate', { type: 'required', message: t('common:validation.required') });
      return;
    }
    try {
      await put.mutateAsync({
        currency: values.currency,
        rateDate: values.rateDate,
        rate: Number(values.rate),
      });
      notifySuccess(t('rates.saved'));
      reset({ ...values, rate: '' });
    } catch (error) {
      applyCostErrors(error, setError, ['currency', 'rateDate', 'rate']);
    }
  });
  const storeCurrency = rates.data?.storeCurrency ?? form.defaultCurrency;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('rates.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('rates.explain', { currency: storeCurrency })}
      </Text>
      {rates.data && rates.data.rates.length === 0 && <Text size="sm">{t('rates.none')}</Text>}
      {rates.data && rates.data.rates.length > 0 && (
        <Table.ScrollContainer minWidth={360} mah={320}>
          <Table striped data-testid="exchange-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('line.currency')}</Table.Th>
                <Table.Th>{t('rates.from')}</Table.Th>
                <Table.Th ta="right">{t('rates.rate', { currency: storeCurrency })}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data.rates.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.currency}</Table.Td>
                  <Table.Td>{formatStoredDate(r.rateDate, i18n.language)}</Table.Td>
                  <Table.Td ta="right">{r.rate}</Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <ActionIcon
                        type="button"
                        variant="subtle"
                        color="red"
                        aria-label={t('rates.remove')}
                        onClick={() => remove.mutate(r.id, { onError: notifyError })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {canEdit && foreign.length > 0 && (
        <Group align="flex-start" mt="md" gap="sm" onKeyDown={submitOnEnter(() => void submit())}>
          <ChoiceField
            control={control}
            name="currency"
            label={t('line.currency')}
            data={foreign}
            w={110}
            error={formState.errors.currency?.message}
          />
          <DateInputField
            control={control}
            name="rateDate"
            label={t('rates.from')}
            w={150}
            error={formState.errors.rateDate?.message}
          />
          <AmountField
            control={control}
            name="rate"
            label={t('rates.rate', { currency: storeCurrency })}
            decimals={6}
            w={150}
            error={formState.errors.rate?.message}
          />
          <Button type="button" mt={25} onClick={() => void submit()} loading={put.isPending}>
            {t('rates.add')}
          </Button>
        </Group>
      )}
    </Modal>
  );
}
