import { ActionIcon, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCaseCosts, TCostFormConfig } from '@claimdesk/contracts';
import { formatStoredDate } from '../../../components/ui/date-field';
import { notifyError } from '../../../lib/notify';
import { useDeleteCostLine } from '../api/delete-cost-line';
import { useDeleteCreditNote } from '../api/delete-credit-note';
import { intlLocale } from '../../../lib/i18n';
import { formatMinor } from '../lib/money';

interface Props {
  costs: TCaseCosts;
  form: TCostFormConfig;
}

/** The case's cost lines: amounts in their currency with VAT, and in the store's currency. */
export function CostLinesTable({ costs, form }: Props) {
  const { t, i18n } = useTranslation('costs');
  const remove = useDeleteCostLine();
  const typeLabel = (value: string) => {
    const key = form.costTypes.find((o) => o.value === value)?.label ?? value;
    return t(key, { ns: ['costs', 'cases', 'common'], defaultValue: value });
  };
  if (costs.lines.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('line.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped data-testid="cost-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('line.costDate')}</Table.Th>
            <Table.Th>{t('line.costType')}</Table.Th>
            <Table.Th ta="right">{t('line.net')}</Table.Th>
            <Table.Th ta="right">{t('line.vat')}</Table.Th>
            <Table.Th ta="right">{t('line.gross')}</Table.Th>
            <Table.Th ta="right">{t('line.inStoreCurrency', { currency: costs.storeCurrency })}</Table.Th>
            <Table.Th>{t('line.paidBy')}</Table.Th>
            <Table.Th>{t('line.note')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {costs.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{formatStoredDate(l.costDate, i18n.language)}</Table.Td>
              <Table.Td>{typeLabel(l.costType)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMinor(l.netMinor, l.currency, i18n.language)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMinor(l.vatMinor, l.currency, i18n.language)} ({l.vatRate} %)
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMinor(l.grossMinor, l.currency, i18n.language)}
              </Table.Td>
              <Table.Td
                ta="right"
                title={l.currency === costs.storeCurrency ? undefined : `× ${l.exchangeRate}`}
              >
                {formatMinor(l.grossStoreMinor, costs.storeCurrency, i18n.language)}
              </Table.Td>
              <Table.Td>{t(`payer.${l.paidBy}`)}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} title={l.note ?? undefined}>
                  {l.note}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('line.registered', {
                    who: l.createdByName,
                    when: new Date(l.createdAt).toLocaleDateString(intlLocale(i18n.language)),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                {!costs.isLocked && (
                  <ActionIcon
                    type="button"
                    variant="subtle"
                    color="red"
                    aria-label={t('line.remove')}
                    onClick={() =>
                      remove.mutate({ caseId: costs.caseId, costId: l.id }, { onError: notifyError })
                    }
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
  );
}

/** The credit notes the supplier sent for the case. */
export function CreditNotesTable({ costs }: { costs: TCaseCosts }) {
  const { t, i18n } = useTranslation('costs');
  const remove = useDeleteCreditNote();
  if (costs.creditNotes.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('credit.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid="credit-notes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('credit.number')}</Table.Th>
            <Table.Th>{t('credit.date')}</Table.Th>
            <Table.Th ta="right">{t('credit.amount')}</Table.Th>
            <Table.Th ta="right">{t('line.inStoreCurrency', { currency: costs.storeCurrency })}</Table.Th>
            <Table.Th>{t('line.note')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {costs.creditNotes.map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td>{n.number}</Table.Td>
              <Table.Td>{formatStoredDate(n.noteDate, i18n.language)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMinor(n.amountMinor, n.currency, i18n.language)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMinor(n.amountStoreMinor, costs.storeCurrency, i18n.language)}
              </Table.Td>
              <Table.Td>{n.note}</Table.Td>
              <Table.Td>
                {!costs.isLocked && (
                  <ActionIcon
                    type="button"
                    variant="subtle"
                    color="red"
                    aria-label={t('credit.remove')}
                    onClick={() =>
                      remove.mutate({ caseId: costs.caseId, noteId: n.id }, { onError: notifyError })
                    }
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
  );
}
