import { Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCasePresence } from '../../../lib/live';

/** "Also here: Name (writing), Name": the others who have this case open now. */
export function CasePresence({ caseId }: { caseId: number }) {
  const { t } = useTranslation('common');
  const people = useCasePresence(caseId);
  if (people.length === 0) return null;
  const names = people.map((p) => {
    const name = p.name.trim() || p.username;
    return p.state === 'writing' ? t('presence.writing', { name }) : name;
  });
  return (
    <Group gap={6} wrap="nowrap" aria-label={t('presence.label')} role="group" data-testid="case-presence">
      <IconEye size={16} aria-hidden />
      <Text size="sm" c="dimmed" truncate>
        {t('presence.alsoHere')} {names.join(', ')}
      </Text>
    </Group>
  );
}
