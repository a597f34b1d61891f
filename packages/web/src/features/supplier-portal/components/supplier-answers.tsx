import { Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TCaseSupplierAnswers, TSupplierAnswer } from '@claimdesk/contracts';
import { formatWhen } from '../lib/money';
import { AnswerView } from './answer-view';
import { RegisterCreditNote } from './register-credit-note';

/** The answers given so far, newest first (the newest is the one that stands). */
export function AnswersList({ answers }: { answers: TSupplierAnswer[] }) {
  const { t } = useTranslation('supplierPortal');
  if (answers.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="no-answer">
        {t('answers.none')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {answers.map((answer, i) => (
        <Stack key={answer.id} gap="sm">
          {i === 1 && <Divider label={t('answers.earlier')} labelPosition="left" />}
          <AnswerView answer={answer} />
        </Stack>
      ))}
    </Stack>
  );
}

/** "Seen by the supplier: who, when", with how many views; nothing before the first. */
export function SeenBySupplier({ views }: { views: TCaseSupplierAnswers['views'] }) {
  const { t, i18n } = useTranslation('supplierPortal');
  if (!views.last)
    return (
      <Text size="sm" c="dimmed" data-testid="seen-by-supplier">
        {t('views.never')}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="seen-by-supplier">
      {t('views.seen', {
        who: views.last.viewer,
        when: formatWhen(views.last.viewedAt, i18n.language),
        count: views.count,
      })}
    </Text>
  );
}

/** The staff's card of the supplier's answers and views of the case. */
export function SupplierAnswersCard({
  caseId,
  data,
  isLoading,
}: {
  caseId: number;
  data: TCaseSupplierAnswers | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation('supplierPortal');
  if (isLoading) return <Skeleton height={80} mb="md" />;
  if (!data) return null;
  return (
    <Paper withBorder p="md" mb="md" data-testid="supplier-answer-card">
      <Title order={3} size="h5" mb="sm">
        {t('card.title')}
      </Title>
      <Stack gap="sm">
        <AnswersList answers={data.answers} />
        {data.answers[0] && <RegisterCreditNote caseId={caseId} answer={data.answers[0]} />}
        <SeenBySupplier views={data.views} />
      </Stack>
    </Paper>
  );
}
