import { ActionIcon, Anchor, Badge, Group, Menu, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSupplier } from '@claimdesk/contracts';

interface Props {
  suppliers: TSupplier[] | undefined;
  isLoading: boolean;
  canEdit: boolean;
  onEdit: (supplier: TSupplier) => void;
  onDelete: (supplier: TSupplier) => void;
}

/** Days as the figures show them: one decimal, or a dash when there is nothing to measure. */
export const daysText = (
  days: number | null,
  t: TFunction<['suppliers', 'common']> | TFunction<'suppliers'>,
) => (days === null ? '–' : t('days', { count: days }));

/** The store's suppliers; open cases past the promised answer time stand out. */
export function SuppliersTable({ suppliers, isLoading, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation('suppliers');
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('field.name')}</Table.Th>
            <Table.Th visibleFrom="md">{t('contactPersons')}</Table.Th>
            <Table.Th w={110}>{t('figures.cases')}</Table.Th>
            <Table.Th w={150} visibleFrom="sm">
              {t('figures.firstAnswer')}
            </Table.Th>
            <Table.Th w={130} visibleFrom="md">
              {t('figures.acceptance')}
            </Table.Th>
            <Table.Th w={150} visibleFrom="sm">
              {t('figures.overdue')}
            </Table.Th>
            {canEdit && <Table.Th w={60} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading &&
            Array.from({ length: 4 }, (_, i) => (
              <Table.Tr key={i}>
                {[0, 1, 2, 3, 4, 5].map((c) => (
                  <Table.Td key={c}>
                    <Skeleton height={20} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          {suppliers?.map((s) => (
            <Table.Tr key={s.id} data-testid="supplier-row" c={s.isDisabled ? 'dimmed' : undefined}>
              <Table.Td>
                <Stack gap={0}>
                  <Group gap="xs">
                    <Anchor component={Link} to={`/suppliers/${s.id}`} fw={600} size="sm">
                      {s.name}
                    </Anchor>
                    {s.isDisabled && (
                      <Badge size="xs" color="gray" variant="light">
                        {t('disabled')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[s.organisationNumber, s.email].filter(Boolean).join(' · ') || '–'}
                  </Text>
                  {s.figures.openPastAnswerTime > 0 && (
                    <Badge hiddenFrom="sm" mt={4} color="red.9" variant="light" w="fit-content">
                      {t('figures.overdueCount', { count: s.figures.openPastAnswerTime })}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="md">
                <Text size="sm" lineClamp={2}>
                  {s.contactPersons.map((p) => p.fullName).join(', ') || '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('figures.casesOf', { sent: s.figures.casesSent, count: s.caseCount })}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text size="sm">{daysText(s.figures.medianDaysToFirstAnswer, t)}</Text>
              </Table.Td>
              <Table.Td visibleFrom="md" data-testid="supplier-acceptance">
                <Text size="sm">
                  {s.figures.acceptanceRate === null
                    ? '–'
                    : `${Math.round(s.figures.acceptanceRate * 100)} %`}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                {s.figures.openPastAnswerTime > 0 ? (
                  <Tooltip label={t('figures.overdueHint', { days: s.answerDays ?? 0 })}>
                    <Badge
                      color="red.9"
                      variant="light"
                      leftSection={<IconAlertTriangle size={12} aria-hidden />}
                    >
                      {t('figures.overdueCount', { count: s.figures.openPastAnswerTime })}
                    </Badge>
                  </Tooltip>
                ) : (
                  <Text size="sm" c="dimmed">
                    0
                  </Text>
                )}
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={t('actionsFor', { name: s.name })}>
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(s)}>
                        {t('edit')}
                      </Menu.Item>
                      <Menu.Item
                        color="red.9"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={() => onDelete(s)}
                      >
                        {t('delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
