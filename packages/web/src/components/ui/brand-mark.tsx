import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The product's mark: an orange icon and the name. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={compact ? 30 : 34} radius="md" variant="filled" aria-hidden>
        <IconMessages size={compact ? 18 : 20} />
      </ThemeIcon>
      {!compact && (
        <Text fw={700} size="lg">
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}
