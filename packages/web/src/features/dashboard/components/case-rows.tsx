import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCaseListRow } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';
import type { TStatusLookup } from './status-label';

/** A short list of cases, each linking to its detail. */
export function CaseRows({
  rows,
  empty,
  status,
  testId,
}: {
  rows: TCaseListRow[];
  empty: string;
  status: TStatusLookup;
  testId: string;
}) {
  const { t, i18n } = useTranslation('cases');
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center">
        {empty}
      </Text>
    );
  return (
    <Stack gap={0} data-testid={testId}>
      {rows.map((row) => {
        const s = status(row.workFlow, row.status);
        const opened = new Date(row.createdAt).toLocaleDateString(intlLocale(i18n.language), {
          dateStyle: 'medium',
        });
        return (
          <Group
            key={row.id}
            justify="space-between"
            wrap="nowrap"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="dashboard-case"
          >
            <div style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={`/cases/${row.isArchived ? 'archive' : 'open'}/${row.workFlow}/${String(row.caseNumber)}`}
                fw={600}
                size="sm"
              >
                #{row.caseNumber} · {row.customerName}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {t('dashboard.openedOn', { date: opened })}
                {row.itemsSummary ? ` · ${row.itemsSummary}` : ''}
              </Text>
            </div>
            <Badge variant="light" color={s.color} tt="none" fw={600} style={{ flexShrink: 0 }}>
              {s.label}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}
