import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePortalCase } from '../api/get-portal-case';
import { AnswerForm } from './answer-form';
import { MessageForm } from './message-form';
import { PortalClaim } from './portal-claim';
import { AnswersList } from './supplier-answers';

/**
 * The supplier portal on a case, for a contact person signed in with a code: the claim, the
 * answers given, and (for a supplier's contact person) the forms to answer and to write.
 */
export function PortalTab({
  caseId,
  onMailsChanged,
}: {
  caseId: number;
  onMailsChanged: (caseId: number) => void;
}) {
  const { t } = useTranslation('supplierPortal');
  const claim = usePortalCase(caseId);
  if (claim.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {t('claim.failed')}
      </Alert>
    );
  if (!claim.data) return <Skeleton height={240} />;
  // Only a contact person of the case's own supplier answers and writes (not on a case it only takes part in).
  const isSupplier = claim.data.canAnswer;
  return (
    <Stack gap="md" data-testid="portal-tab">
      <PortalClaim claim={claim.data} />
      <Paper withBorder p="md" data-testid="portal-answers">
        <Title order={3} size="h5" mb="sm">
          {t('answers.title')}
        </Title>
        <AnswersList answers={claim.data.answers} />
      </Paper>
      {isSupplier && <AnswerForm claim={claim.data} />}
      {isSupplier && <MessageForm caseId={caseId} onSent={onMailsChanged} />}
    </Stack>
  );
}
