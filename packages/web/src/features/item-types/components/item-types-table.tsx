import { ActionIcon, Badge, Menu, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TItemType } from '@claimdesk/contracts';
import { LANGUAGES } from '../../../lib/constants';

export interface TItemTypeActions {
  onEdit: (type: TItemType) => void;
  onToggle: (type: TItemType) => void;
  onDelete: (type: TItemType) => void;
}

/** The name in the language shown, else English, else any. */
export const displayName = (type: TItemType, language: string): string => {
  const names = type.names as Record<string, string | undefined>;
  return names[language] || names.en || Object.values(names).find(Boolean) || type.key;
};

interface Props {
  types: TItemType[] | undefined;
  isLoading: boolean;
  actions: TItemTypeActions;
}

export function ItemTypesTable({ types, isLoading, actions }: Props) {
  const { t, i18n } = useTranslation('cases');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('itemTypes.names')}</Table.Th>
            <Table.Th w={160}>{t('itemTypes.key')}</Table.Th>
            <Table.Th w={120}>{t('itemTypes.usage')}</Table.Th>
            <Table.Th w={120}>{t('itemTypes.state')}</Table.Th>
            <Table.Th w={60} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading &&
            Array.from({ length: 5 }, (_, i) => (
              <Table.Tr key={i}>
                {[0, 1, 2, 3, 4].map((c) => (
                  <Table.Td key={c}>
                    <Skeleton height={c === 0 ? 38 : 20} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {types?.map((type) => {
            const name = displayName(type, i18n.language);
            const others = LANGUAGES.filter((l) => type.names[l] && type.names[l] !== name).map(
              (l) => `${l.toUpperCase()}: ${type.names[l] ?? ''}`,
            );
            return (
              <Table.Tr key={type.id} data-testid="item-type-row" c={type.isDisabled ? 'dimmed' : undefined}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600} truncate>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {others.join(' · ')}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace" truncate>
                    {type.key}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t('itemTypes.usageCount', { count: type.usageCount })}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={type.isDisabled ? 'gray' : 'teal'} tt="none" fw={600}>
                    {t(type.isDisabled ? 'itemTypes.disabled' : 'itemTypes.enabled')}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('itemTypes.actionsFor', { name })}
                      >
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPencil size={16} aria-hidden />}
                        onClick={() => actions.onEdit(type)}
                      >
                        {t('itemTypes.edit')}
                      </Menu.Item>
                      <Menu.Item
                        leftSection={
                          type.isDisabled ? (
                            <IconCircleCheck size={16} aria-hidden />
                          ) : (
                            <IconCircleOff size={16} aria-hidden />
                          )
                        }
                        onClick={() => actions.onToggle(type)}
                      >
                        {t(type.isDisabled ? 'itemTypes.enable' : 'itemTypes.disable')}
                      </Menu.Item>
                      {/* A type in use cannot be deleted (the server refuses it too): say so here. */}
                      <Menu.Item
                        color="red.9"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        disabled={type.usageCount > 0}
                        onClick={() => actions.onDelete(type)}
                      >
                        {t('itemTypes.delete')}
                        {type.usageCount > 0 && (
                          <Text size="xs" c="dimmed" maw={220}>
                            {t('itemTypes.deleteInUse')}
                          </Text>
                        )}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
