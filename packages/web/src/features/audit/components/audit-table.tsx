import { ActionIcon, Badge, Collapse, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAuditLogEntry } from '@claimdesk/contracts';
import { AuditChanges } from './audit-changes';
import { actionText, actorText, entryTime, targetText } from './audit-entry-text';

interface Props {
  entries: TAuditLogEntry[];
  isLoading: boolean;
}

function ExpandButton({ isOpen, onClick }: { isOpen: boolean; onClick: () => void }) {
  const { t } = useTranslation('audit');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-expanded={isOpen}
      aria-label={t(isOpen ? 'details.hide' : 'details.show')}
      onClick={onClick}
    >
      {isOpen ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
    </ActionIcon>
  );
}

/** One entry as a card: the phone's layout, where five columns do not fit. */
function EntryCard({
  entry,
  isOpen,
  onToggle,
}: {
  entry: TAuditLogEntry;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation('audit');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="audit-entry">
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {entryTime(entry.at, i18n.language)} · {entry.actorAddress ?? t('noAddress')}
        </Text>
        <Badge variant="light" tt="none" fw={600} size="md" style={{ alignSelf: 'flex-start' }}>
          {actionText(t, entry.action)}
        </Badge>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
          {actorText(t, entry.actor)}
        </Text>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {targetText(t, entry)}
        </Text>
        <div>
          <ExpandButton isOpen={isOpen} onClick={onToggle} />
        </div>
        <Collapse expanded={isOpen}>{isOpen && <AuditChanges changes={entry.changes} />}</Collapse>
      </Stack>
    </Paper>
  );
}

/**
 * The entries, newest first: a table with a details row under each entry on a wide screen, cards
 * on a phone. Details (before and after) open one entry at a time or several, as the reader likes.
 */
export function AuditTable({ entries, isLoading }: Props) {
  const { t, i18n } = useTranslation('audit');
  const isNarrow = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  if (isLoading) return <Skeleton height={240} radius="md" />;
  if (isNarrow) {
    return (
      <Stack gap="sm">
        {entries.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            isOpen={open.has(entry.id)}
            onToggle={() => toggle(entry.id)}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44} />
            <Table.Th w={210}>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.actor')}</Table.Th>
            <Table.Th w={120}>{t('columns.address')}</Table.Th>
            <Table.Th w={190}>{t('columns.action')}</Table.Th>
            <Table.Th>{t('columns.target')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const isOpen = open.has(entry.id);
            return (
              <Fragment key={entry.id}>
                <Table.Tr data-testid="audit-entry">
                  <Table.Td>
                    <ExpandButton isOpen={isOpen} onClick={() => toggle(entry.id)} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{entryTime(entry.at, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {actorText(t, entry.actor)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {entry.actorAddress ?? t('noAddress')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      tt="none"
                      fw={600}
                      size="md"
                      styles={{ label: { overflow: 'visible' } }}
                    >
                      {actionText(t, entry.action)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {targetText(t, entry)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {isOpen && (
                  <Table.Tr data-testid="audit-details">
                    <Table.Td />
                    <Table.Td colSpan={5}>
                      <AuditChanges changes={entry.changes} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
