import { Anchor, Skeleton, Table, Text, UnstyledButton, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  SORTABLE_COLUMNS,
  type TCaseListRow,
  type TFormField,
  type TListColumnConfig,
  type TSortableColumn,
  type TStatusOptionsConfig,
} from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';
import { formatDateTime, formatShortDate } from '../lib/format';
import { formatFieldNumber, isStatusDimension } from '../lib/form-values';
import { MailCountBadges } from './mail-count-badges';
import { RowPresence } from './row-presence';
import { StatusBadge } from './status-badge';

export const SKELETON_ROWS = 10;

/**
 * Widths of columns whose content has a known size, where the configuration gives none. The
 * default claim list's nine columns fit the 934 px a 1280 px screen leaves beside the menu: long
 * texts and headers wrap to a second line, dates are short.
 */
const DEFAULT_WIDTHS: Record<string, number> = {
  caseNumber: 80,
  status: 160,
  statusClaim: 110,
  statusCreditNote: 104,
  statusCustomer: 104,
  statusWareHouse: 96,
  assignee: 104,
  mailCounts: 80,
  createdAt: 88,
  updatedAt: 88,
};
/** The narrowest a column without a set width is drawn before the table scrolls sideways. */
const FLEXIBLE_MIN_WIDTH = 86;
/** Left plus right padding of a cell (the table's horizontalSpacing, twice). */
const CELL_PADDING = 16;
/** The sort button's arrow and the gap before it. */
const SORT_ICON_WIDTH = 18;
/** A header's letters: 12 px bold. */
const HEADER_FONT_PX = 12;
/** A header letter's width where text cannot be measured (tests): a wide bold letter. */
const HEADER_LETTER_WIDTH = 8.5;

let measureContext: CanvasRenderingContext2D | null | undefined;
/** The drawn width of a header word, measured in the page's font. */
const headerWordWidth = (word: string): number => {
  if (measureContext === undefined) {
    measureContext = navigator.userAgent.includes('jsdom')
      ? null
      : document.createElement('canvas').getContext('2d');
    if (measureContext) {
      const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
      measureContext.font = `700 ${HEADER_FONT_PX}px ${family}`;
    }
  }
  return measureContext ? measureContext.measureText(word).width : word.length * HEADER_LETTER_WIDTH;
};

/**
 * The width a header's longest word needs: headers wrap between words and at soft hyphens
 * (Reklamations\u00ADstatus), never in the middle of a word.
 */
const headerMinWidth = (text: string, isSortableColumn: boolean): number =>
  Math.ceil(
    Math.max(
      ...text
        .split(/\s+/)
        .flatMap((word) =>
          word.split('\u00AD').map((part, i, all) => (i < all.length - 1 ? `${part}-` : part)),
        )
        .map(headerWordWidth),
    ) +
      CELL_PADDING +
      (isSortableColumn ? SORT_ICON_WIDTH : 0),
  );

/** Cells and headers wrap to this many lines, then end with an ellipsis (the whole text on hover). */
const MAX_LINES = 2;

interface Props {
  columns: TListColumnConfig[];
  rows: TCaseListRow[] | undefined;
  isLoading: boolean;
  /** Rows of the last page are shown dimmed while the next page loads. */
  isStale: boolean;
  statusOptions: TStatusOptionsConfig | undefined;
  /** The workflow form's fields by key: how a custom column's value is written (money in minor units). */
  fields: Map<string, TFormField>;
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
  const { columns, rows, isLoading, isStale, statusOptions, fields, sort, direction, onSort } = props;
  const { t, i18n } = useTranslation('cases');
  const label = useConfigLabel();
  // Each column's width (undefined: it takes what is left) and the narrowest it is drawn: its set
  // width or the flexible minimum, never less than its header's longest word. Measured once per
  // set of columns and language, not on every render.
  const widths = useMemo(
    () =>
      new Map(
        columns.map((column) => {
          const header = headerMinWidth(label(column.label), isSortable(column.key));
          const set = column.width ?? DEFAULT_WIDTHS[column.key];
          return [
            column.key,
            {
              width: set === undefined ? undefined : Math.max(set, header),
              least: Math.max(set ?? FLEXIBLE_MIN_WIDTH, header),
            },
          ];
        }),
      ),
    [columns, label],
  );
  const widthOf = (column: TListColumnConfig) => widths.get(column.key)?.width;
  // Scrolls sideways only when the configured columns need more room than the screen gives.
  const minWidth = [...widths.values()].reduce((sum, { least }) => sum + least, 0);
  const navigate = useNavigate();

  const cell = (row: TCaseListRow, key: string): ReactNode => {
    switch (key) {
      case 'caseNumber':
        return (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={props.detailPath(row)}
              fw={600}
              size="sm"
              onClick={(e) => e.stopPropagation()}
            >
              #{row.caseNumber}
            </Anchor>
            <RowPresence caseId={row.id} />
          </Group>
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
      case 'updatedAt':
        return (
          // A short date, the full time on hover.
          <span title={formatDateTime(row[key], i18n.language)}>
            {formatShortDate(row[key], i18n.language)}
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
      if (typeof value === 'number') return formatFieldNumber(fields.get(key), value, i18n.language);
      return Array.isArray(value) ? value.join(', ') : value;
    }
    const plain = (row as unknown as Record<string, unknown>)[key];
    return typeof plain === 'string' || typeof plain === 'number' ? String(plain) : '';
  };

  const header = (column: TListColumnConfig) => {
    const text = label(column.label);
    // A long label wraps to a second line (the column is as wide as its longest word), never
    // drawn over the next column; the whole label shows on hover.
    const headerText = (
      <Text span size="xs" fw={700} lineClamp={MAX_LINES} title={text} miw={0}>
        {text}
      </Text>
    );
    if (!isSortable(column.key)) return headerText;
    const isActive = sort === column.key;
    const Icon = isActive ? (direction === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort;
    return (
      <UnstyledButton
        onClick={() => onSort(column.key as TSortableColumn)}
        aria-label={t('list.sortBy', { column: text })}
        maw="100%"
      >
        <Group gap={4} wrap="nowrap">
          {headerText}
          <Icon size={14} aria-hidden style={{ opacity: isActive ? 1 : 0.5, flexShrink: 0 }} />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing={CELL_PADDING / 2}
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
                      <Text
                        size="sm"
                        component="div"
                        lineClamp={MAX_LINES}
                        style={{ overflowWrap: 'break-word' }}
                      >
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
