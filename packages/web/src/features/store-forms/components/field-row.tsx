import { Badge, Box, Button, Code, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@claimdesk/contracts';
import type { TDraftField } from '../lib/form-draft';
import { filledWords } from '../lib/store-words';

interface Props {
  draft: TDraftField;
  preferred: TLanguage;
  errors: Record<string, string>;
  onEdit: () => void;
}

/** A field in the editor's list: its name, key, type, whether it is required, and what is wrong. */
export function FieldRow({ draft, preferred, errors, onEdit }: Props) {
  const { t } = useTranslation('settings');
  const name = filledWords(draft.words, preferred)[preferred] || draft.field.key;
  const messages = Object.values(errors);
  return (
    <Box style={{ flex: 1, minWidth: 0 }}>
      <Group gap={6} wrap="wrap" justify="space-between">
        <Box style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Text size="sm" fw={500} truncate="end">
            {name}
          </Text>
          <Code fz="xs" bg="transparent" p={0} c="dimmed">
            {draft.field.key}
          </Code>
        </Box>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color="gray" size="sm">
            {t(`storeForms.types.${draft.field.type}`)}
          </Badge>
          {draft.field.required && (
            <Badge variant="light" color="orange" size="sm">
              {t('storeForms.field.requiredBadge')}
            </Badge>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
            aria-label={t('storeForms.field.edit', { name })}
          >
            {t('storeForms.field.editShort')}
          </Button>
        </Group>
      </Group>
      {messages.length > 0 && (
        <Text size="xs" c="red.8" mt={4} role="alert">
          {messages.join(' · ')}
        </Text>
      )}
    </Box>
  );
}
