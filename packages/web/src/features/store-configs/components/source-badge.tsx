import { Badge, Tooltip } from '@mantine/core';
import type { TConfigSource } from '@claimdesk/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TConfigSource, string> = { store: 'orange', company: 'blue', default: 'gray' };

/** Where the value a store gets for a document comes from. */
export function SourceBadge({ source, isInvalid = false }: { source: TConfigSource; isInvalid?: boolean }) {
  const { t } = useTranslation('settings');
  const badge = (
    <Badge
      size="sm"
      variant="light"
      color={COLOR[source]}
      tt="none"
      fw={600}
      data-testid="source-badge"
      data-source={source}
    >
      {t(`storeConfigs.source.${source}`)}
    </Badge>
  );
  if (!isInvalid) return badge;
  return (
    <Tooltip label={t('storeConfigs.invalidStored')} multiline w={260}>
      <Badge size="sm" variant="filled" color="red.9" tt="none" fw={600} data-testid="invalid-badge">
        {t('storeConfigs.invalidShort')}
      </Badge>
    </Tooltip>
  );
}
