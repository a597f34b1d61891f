import { Badge, Box, Group, ScrollArea, Text } from '@mantine/core';
import { diffLines } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './diff-view.module.css';

type TLine = { kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'skipped'; count: number };

const CONTEXT = 3;

/** The lines of a line diff, long unchanged runs folded to a few lines of context. */
export function diffRows(before: string, after: string): { rows: TLine[]; added: number; removed: number } {
  const rows: TLine[] = [];
  let added = 0;
  let removed = 0;
  const parts = diffLines(before, after);
  parts.forEach((part, index) => {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.added || part.removed) {
      const kind = part.added ? 'added' : 'removed';
      if (part.added) added += lines.length;
      else removed += lines.length;
      lines.forEach((text) => rows.push({ kind, text }));
      return;
    }
    const head = index === 0 ? 0 : CONTEXT;
    const tail = index === parts.length - 1 ? 0 : CONTEXT;
    if (lines.length <= head + tail + 1) {
      lines.forEach((text) => rows.push({ kind: 'same', text }));
      return;
    }
    lines.slice(0, head).forEach((text) => rows.push({ kind: 'same', text }));
    rows.push({ kind: 'skipped', count: lines.length - head - tail });
    lines.slice(lines.length - tail).forEach((text) => rows.push({ kind: 'same', text }));
  });
  return { rows, added, removed };
}

const MARK = { added: '+', removed: '−', same: ' ' } as const;

/** A line diff of two formatted documents: what saving would change. */
export function DiffView({
  before,
  after,
  maxHeight = 420,
}: {
  before: string;
  after: string;
  maxHeight?: number;
}) {
  const { t } = useTranslation('settings');
  const { rows, added, removed } = useMemo(() => diffRows(before, after), [before, after]);
  if (added === 0 && removed === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="diff-none">
        {t('storeConfigs.diff.none')}
      </Text>
    );
  }
  return (
    <Box data-testid="diff-view">
      <Group gap="xs" mb="xs">
        {added > 0 && (
          <Badge color="teal.9" variant="filled" tt="none" fw={600}>
            {t('storeConfigs.diff.added', { count: added })}
          </Badge>
        )}
        {removed > 0 && (
          <Badge color="red.9" variant="filled" tt="none" fw={600}>
            {t('storeConfigs.diff.removed', { count: removed })}
          </Badge>
        )}
      </Group>
      <ScrollArea.Autosize
        mah={maxHeight}
        type="auto"
        className={classes.frame}
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('storeConfigs.diff.label') }}
      >
        <pre className={classes.diff}>
          {rows.map((row, i) =>
            row.kind === 'skipped' ? (
              <div key={i} className={classes.skipped}>
                {t('storeConfigs.diff.skipped', { count: row.count })}
              </div>
            ) : (
              <div key={i} className={classes[row.kind]} data-diff={row.kind}>
                <span className={classes.mark} aria-hidden>
                  {MARK[row.kind]}
                </span>
                {row.text}
              </div>
            ),
          )}
        </pre>
      </ScrollArea.Autosize>
    </Box>
  );
}
