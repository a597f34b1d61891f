import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCaseListRow, TStatusOptionsConfig } from '@claimdesk/contracts';
import { formatDateTime, formatShortDate } from '../lib/format';
import { MailCountBadges } from './mail-count-badges';
import { RowPresence } from './row-presence';
import { StatusBadge } from './status-badge';
import classes from './case-list-cards.module.css';
import { SKELETON_ROWS } from './case-list-table';

interface Props {
  rows: TCaseListRow[] | undefined;
  isLoading: boolean;
  /** Cards of the last page are shown dimmed while the next page loads. */
  isStale: boolean;
  statusOptions: TStatusOptionsConfig | undefined;
  assigneeName: (username: string) => string;
  detailPath: (row: TCaseListRow) => string;
}

/**
 * The case list on a phone: one card per case with what tells cases apart at a glance (number,
 * customer, status, assignee, unread and unsent mail); the whole card opens the case.
 */
export function CaseListCards({ rows, isLoading, isStale, statusOptions, assigneeName, detailPath }: Props) {
  const { t, i18n } = useTranslation('cases');
  if (isLoading)
    return (
      <Stack gap="xs" data-testid="case-cards">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} height={88} radius="md" data-testid="case-row-skeleton" />
        ))}
      </Stack>
    );
  return (
    <Stack gap="xs" data-testid="case-cards" style={{ opacity: isStale ? 0.6 : 1 }}>
      {(rows ?? []).map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" className={classes.card} data-testid="case-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Anchor
                component={Link}
                to={detailPath(row)}
                fw={700}
                size="sm"
                className={classes.link}
                data-column="caseNumber"
              >
                #{row.caseNumber}
              </Anchor>
              <span className={classes.above}>
                <RowPresence caseId={row.id} />
              </span>
            </Group>
            <Group gap={6} wrap="nowrap" className={classes.above}>
              <MailCountBadges unread={row.unreadMailCount} unsent={row.sendPendingMailCount} />
              <Text size="xs" c="dimmed" title={formatDateTime(row.updatedAt, i18n.language)}>
                {formatShortDate(row.updatedAt, i18n.language)}
              </Text>
            </Group>
          </Group>
          <Text size="sm" fw={600} truncate="end" mt={2} data-column="customerName">
            {row.customerName}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs" mt={6}>
            <StatusBadge status={row.status} options={statusOptions} />
            <Text size="xs" c="dimmed" truncate="end" miw={0} data-column="assignee">
              {row.assignee ? assigneeName(row.assignee) : t('list.unassigned')}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
