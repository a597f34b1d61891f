import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSupplierAnswer, TSupplierOutcome } from '@claimdesk/contracts';
import { formatMinor, formatWhen } from '../lib/money';

const OUTCOME_COLOR: Record<TSupplierOutcome, string> = {
  accepted: 'teal',
  partly: 'yellow',
  declined: 'red',
};

/** One answer of the supplier: outcome, compensation, amount, credit note, note, who and when. */
export function AnswerView({ answer }: { answer: TSupplierAnswer }) {
  const { t, i18n } = useTranslation(['supplierPortal', 'suppliers']);
  const fact = (label: string, value: string, testId: string) => (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={6} data-testid="supplier-answer">
      <Group gap="sm" wrap="wrap">
        <Badge color={OUTCOME_COLOR[answer.outcome]} variant="light" tt="none" data-testid="answer-outcome">
          {t(`outcome.${answer.outcome}`)}
        </Badge>
        {answer.compensationMode &&
          fact(
            t('answer.mode'),
            t(`suppliers:mode.${answer.compensationMode}`, { defaultValue: answer.compensationMode }),
            'answer-mode',
          )}
        {answer.amountMinor !== null &&
          fact(
            t('answer.amount'),
            formatMinor(answer.amountMinor, answer.currency ?? 'NOK', i18n.language),
            'answer-amount',
          )}
        {answer.creditNoteNumber &&
          fact(t('answer.creditNoteNumber'), answer.creditNoteNumber, 'answer-credit-note')}
      </Group>
      {answer.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {answer.note}
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="answer-by">
        {t('answer.by', { who: answer.answeredByName, when: formatWhen(answer.createdAt, i18n.language) })}
      </Text>
    </Stack>
  );
}
