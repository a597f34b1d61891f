import { ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TColumn<Row> {
  key: string;
  label: string;
  value: (row: Row) => ReactNode;
  /** Numbers are right-aligned. */
  isNumeric?: boolean;
}

/**
 * The figures under a chart, with a total row where given. Scrolls sideways on a narrow screen
 * (its first column stays readable) and downwards past `maxHeight`.
 */
/** A table that scrolls can be scrolled from the keyboard too: its viewport takes the focus. */
const KEYBOARD_SCROLL = { tabIndex: 0 } as const;

export function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  total,
  maxHeight,
}: {
  caption: string;
  columns: TColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  total?: ReactNode[];
  maxHeight?: number;
}) {
  const table = (
    <Table
      aria-label={caption}
      striped
      highlightOnHover
      stickyHeader={maxHeight !== undefined}
      fz="sm"
      miw={columns.length * 110}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} ta={c.isNumeric ? 'right' : 'left'}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((c) => (
              <Table.Td key={c.key} ta={c.isNumeric ? 'right' : 'left'}>
                {c.value(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {total && (
        <Table.Tfoot>
          <Table.Tr fw={700}>
            {total.map((cell, i) => (
              <Table.Td key={columns[i]?.key ?? i} ta={columns[i]?.isNumeric ? 'right' : 'left'}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
  // The caption sits under the table, not in it: a table wider than a phone scrolls sideways,
  // and its caption would scroll out of sight with it.
  return (
    <Stack gap={4}>
      {maxHeight === undefined ? (
        <Table.ScrollContainer
          minWidth={columns.length * 110}
          scrollAreaProps={{ viewportProps: KEYBOARD_SCROLL }}
        >
          {table}
        </Table.ScrollContainer>
      ) : (
        <ScrollArea.Autosize mah={maxHeight} type="auto" viewportProps={KEYBOARD_SCROLL}>
          {table}
        </ScrollArea.Autosize>
      )}
      <Text size="xs" c="dimmed" ta="center">
        {caption}
      </Text>
    </Stack>
  );
}
