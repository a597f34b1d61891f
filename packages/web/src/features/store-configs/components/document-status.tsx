import { Group, Stack, Text } from '@mantine/core';
import type { TStoredProperty } from '@claimdesk/contracts';
import { useTranslation } from 'react-i18next';
import type { TPropertyLevel } from '../api/list-properties';
import type { TDocumentEntry } from '../lib/document-catalog';
import { SourceBadge } from './source-badge';

/** Where the document's value comes from, and who stored the one being edited. */
export function DocumentStatus({
  entry,
  level,
  stored,
}: {
  entry: TDocumentEntry;
  level: TPropertyLevel;
  stored: TStoredProperty | null;
}) {
  const { t, i18n } = useTranslation('settings');
  const when = stored
    ? new Date(stored.updatedAt).toLocaleString(i18n.language === 'nr' ? 'nb' : i18n.language)
    : '';
  return (
    <Stack gap={4} align="flex-end" maw={360} ml="auto">
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          {t('storeConfigs.inEffect')}
        </Text>
        <SourceBadge source={entry.effective.source} />
      </Group>
      <Text size="xs" c="dimmed" ta="right" data-testid="config-stored-info">
        {stored
          ? t('storeConfigs.storedBy', { version: stored.version, who: stored.updatedBy ?? '—', when })
          : t(`storeConfigs.notStored.${level}`, {
              source: t(`storeConfigs.source.${entry.fallback.source}`),
            })}
      </Text>
      {level === 'company' && entry.effective.source === 'store' && (
        <Text size="xs" c="orange.9" ta="right">
          {t('storeConfigs.storeOverrides')}
        </Text>
      )}
    </Stack>
  );
}
