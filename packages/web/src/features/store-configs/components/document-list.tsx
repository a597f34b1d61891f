import { Group, NavLink, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconGitBranch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TDocumentGroup } from '../lib/document-catalog';
import { SourceBadge } from './source-badge';

interface Props {
  groups: TDocumentGroup[];
  selected: string;
  onSelect: (name: string) => void;
}

/** Every document, store-wide ones first, then one block per workflow; each with where its value comes from. */
export function DocumentList({ groups, selected, onSelect }: Props) {
  const { t } = useTranslation('settings');
  return (
    <Paper withBorder p={0} component="nav" aria-label={t('storeConfigs.listLabel')}>
      <ScrollArea.Autosize mah="calc(100dvh - 200px)" type="auto">
        <Stack gap={0} py="xs">
          {groups.map((group) => (
            <div
              key={group.workFlow ?? ''}
              role="group"
              aria-label={
                group.workFlow
                  ? t('storeConfigs.workflowGroup', { workFlow: group.workFlow })
                  : t('storeConfigs.storeGroup')
              }
            >
              <Group gap={6} px="sm" pt="sm" pb={4}>
                {group.workFlow ? (
                  <IconGitBranch size={14} aria-hidden />
                ) : (
                  <IconBuildingStore size={14} aria-hidden />
                )}
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                  {group.workFlow
                    ? t('storeConfigs.workflowGroup', { workFlow: group.workFlow })
                    : t('storeConfigs.storeGroup')}
                </Text>
              </Group>
              {group.entries.map((entry) => (
                <NavLink
                  key={entry.name}
                  component="button"
                  active={entry.name === selected}
                  onClick={() => onSelect(entry.name)}
                  label={t(`storeConfigs.doc.${entry.kind}`)}
                  description={entry.name}
                  rightSection={
                    <SourceBadge source={entry.effective.source} isInvalid={entry.isOwnInvalid} />
                  }
                  data-testid={`doc-${entry.name}`}
                  aria-current={entry.name === selected ? 'page' : undefined}
                />
              ))}
            </div>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
