import { Alert } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCasePresence } from '../../../../lib/live';

/** Who else is writing on the case now, shown where the person writes (so no two answers cross). */
export function OthersWriting({ caseId }: { caseId: number }) {
  const { t } = useTranslation('compose');
  const writing = useCasePresence(caseId).filter((p) => p.state === 'writing');
  if (writing.length === 0) return null;
  const names = writing.map((p) => p.name.trim() || p.username).join(', ');
  return (
    <Alert color="blue" icon={<IconPencil size={16} aria-hidden />} p="xs" data-testid="others-writing">
      {t('othersWriting', { names })}
    </Alert>
  );
}
