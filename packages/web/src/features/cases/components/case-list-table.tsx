import { Anchor, Skeleton, Table, Text, UnstyledButton, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  SORTABLE_COLUMNS,
  type TCaseListRow,
  type TListColumnConfig,
  type TSortableColumn,
  type TStatusOptionsConfig,
} from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';
import { formatDate, formatDateTime } from '../lib/format';
import { isStatusDimension } from '../lib/form-values';
import { MailCountBadges } from './mail-count-badges';
import { StatusBadge } from './status-badge';

export const SKELETON_ROWS = 10;

/** Widths of columns whose content has a known size, where the configuration gives none. */
const DEFAULT_WIDTHS: Record<string, number> = {
  caseNumber: 88,
  status: 176,
  statusClaim: 140,
  statusCreditNote: 120,
  statusCustomer: 130,
  statusWareHouse: 130,
  assignee: 130,
  mailCounts: 96,
  createdAt: 116,
  updatedAt: 116,
};
/** The narrowest a column without a set width is drawn before the table scrolls sideways. */
const FLEXIBLE_MIN_WIDTH = 140;

interface Props {
  columns: TListColumnConfig[];
  rows: TCaseListRow[] | undefined;
  isLoading: boolean;
  /** Rows of the last page are shown dimmed while the next page loads. */
  isStale: boolean;
  statusOptions: TStatusOptionsConfig | undefined;
  assigneeName: (username: string) => string;
  detailPath: (row: TCaseListRow) => string;
  sort: TSortableColumn;
  direction: 'asc' | 'desc';
  onSort: (column: TSortableColumn) => void;
}

const isSortable = (key: string): key is TSortableColumn =>
  (SORTABLE_COLUMNS as readonly string[]).includes(key);

/** A case list: the configured columns, sortable where the server can sort, skeleton rows while loading. */
export function CaseListTable(props: Props) {
  const { columns, rows, isLoading, isStale, statusOptions, sort, direction, onSort } = props;
  const widthOf = (column: TListColumnConfig) => column.width ?? DEFAULT_WIDTHS[column.key];
  // Scrolls sideways only when the configured columns need more room than the screen gives.
  const minWidth = columns.reduce((sum, column) => sum + (widthOf(column) ?? FLEXIBLE_MIN_WIDTH), 0);
  const { t, i18n } = useTranslation('cases');
  const label = useConfigLabel();
  const navigate = useNavigate();

  const cell = (row: TCaseListRow, key: string): ReactNode => {
    switch (key) {
      case 'caseNumber':
        return (
          <Anchor
            component={Link}
            to={props.detailPath(row)}
            fw={600}
            size="sm"
            onClick={(e) => e.stopPropagation()}
          >
            #{row.caseNumber}
          </Anchor>
        );
      case 'status':
        return <StatusBadge status={row.status} options={statusOptions} />;
      case 'assignee':
        return row.assignee ? (
          props.assigneeName(row.assignee)
        ) : (
          <Text span c="dimmed" size="sm">
            {t('list.unassigned')}
          </Text>
        );
      case 'mailCounts':
        return <MailCountBadges unread={row.unreadMailCount} unsent={row.sendPendingMailCount} />;
      case 'createdAt':
        return formatDate(row.createdAt, i18n.language);
      case 'updatedAt':
        return (
          <span title={formatDateTime(row.updatedAt, i18n.language)}>
            {formatDate(row.updatedAt, i18n.language)}
          </span>
        );
      default:
        break;
    }
    if (isStatusDimension(key)) {
      const option = statusOptions?.[key].find((o) => o.value === row[key]);
      return option ? label(option.label) : (row[key] ?? '');
    }
    if (key.startsWith('custom.')) {
      const value = row.customFields[key.slice(7)];
      if (value === null || value === undefined) return '';
      if (typeof value === 'boolean') return t(value ? 'timeline.yes' : 'timeline.no');
      return Array.isArray(value) ? value.join(', ') : String(value);
    }
    const plain = (row as unknown as Record<string, unknown>)[key];
    return typeof plain === 'string' || typeof plain === 'number' ? String(plain) : '';
  };

  const header = (column: TListColumnConfig) => {
    const text = label(column.label);
    // A long label (one long word in Norwegian or German) is cut with an ellipsis, never drawn
    // over the next column; the whole label shows on hover.
    if (!isSortable(column.key))
      return (
        <Text span size="sm" fw={700} truncate="end" title={text} display="block">
          {text}
        </Text>
      );
    const isActive = sort === column.key;
    const Icon = isActive ? (direction === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
    return (
      <UnstyledButton
        onClick={() => onSort(column.key as TSortableColumn)}
        aria-label={t('list.sortBy', { column: text })}
        maw="100%"
      >
        <Group gap={4} wrap="nowrap">
          <Text span size="sm" fw={700} truncate="end" title={text} miw={0}>
            {text}
          </Text>
          <Icon size={14} aria-hidden style={{ opacity: isActive ? 1 : 0.5 }} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        layout="fixed"
        data-testid="case-table"
        style={{ opacity: isStale ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                w={widthOf(column)}
                aria-sort={
                  sort === column.key ? (direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                {header(column)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Table.Tr key={i} data-testid="case-row-skeleton">
                  {columns.map((column) => (
                    <Table.Td key={column.key}>
                      <Skeleton height={22} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : (rows ?? []).map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="case-row"
                  style={{ cursor: 'pointer' }}
                  onClick={() => void navigate(props.detailPath(row))}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key} data-column={column.key}>
                      <Text size="sm" component="div" truncate>
                        {cell(row, column.key)}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
