import { Anchor, Badge, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TSupplierCase } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';

const casePath = (c: TSupplierCase) =>
  `/cases/${c.isArchived ? 'archive' : 'open'}/${c.workFlow}/${String(c.caseNumber)}`;

/** The supplier's cases in the store: when each went to it, its first answer, and the overdue ones. */
export function SupplierCases({
  cases,
  isLoading,
}: {
  cases: TSupplierCase[] | undefined;
  isLoading: boolean;
}) {
  const { t, i18n } = useTranslation('suppliers');
  const date = (iso: string | null) =>
    iso === null ? '–' : new Date(iso).toLocaleDateString(intlLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {t('cases.title')}
      </Title>
      {cases?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('cases.none')}
        </Text>
      )}
      {isLoading && <Skeleton height={80} />}
      {cases && cases.length > 0 && (
        <Table.ScrollContainer minWidth={440}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cases.case')}</Table.Th>
                <Table.Th w={130}>{t('cases.sent')}</Table.Th>
                <Table.Th w={130}>{t('cases.answered')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cases.map((c) => (
                <Table.Tr key={c.id} data-testid="supplier-case">
                  <Table.Td>
                    <Anchor component={Link} to={casePath(c)} size="sm" fw={600}>
                      #{c.caseNumber} · {c.customerName}
                    </Anchor>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {c.itemsSummary || '–'}
                      {c.isArchived ? ` · ${t('cases.archived')}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{date(c.sentAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {c.isOverdue ? (
                      <Badge
                        color="red.9"
                        variant="light"
                        leftSection={<IconAlertTriangle size={12} aria-hidden />}
                      >
                        {t('cases.overdue')}
                      </Badge>
                    ) : (
                      <Text size="sm">{date(c.answeredAt)}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
