import { Box, Center, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TDashboardResponse } from '@claimdesk/contracts';
import { intlLocale } from '../../../lib/i18n';
import type { TStatusLookup } from './status-label';
import classes from './charts.module.css';

/*
 * The two charts drawn with HTML and one SVG path each: a chart library (recharts, 440 kB of
 * JavaScript) was the largest part of what the dashboard loaded and ran before it showed
 * (issue 27). Colours are Mantine's CSS variables, so they follow the colour scheme.
 */

const SERIES_COLORS = ['orange-6', 'blue-6', 'teal-6', 'violet-6', 'yellow-6', 'gray-6'];
const colorOf = (index: number) =>
  `var(--mantine-color-${SERIES_COLORS[index % SERIES_COLORS.length] ?? 'gray-6'})`;
const CHART_HEIGHT = 260;

function Legend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <Group gap="md" justify="center" aria-hidden>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span className={classes.swatch} style={{ background: item.color }} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

const empty = (text: string) => (
  <Center h={CHART_HEIGHT}>
    <Text c="dimmed" size="sm">
      {text}
    </Text>
  </Center>
);

/** Open cases per status, one stacked bar per status with a part per workflow. */
export function OpenByStatusChart({
  data,
  status,
  workflowName,
}: {
  data: TDashboardResponse['openByStatus'];
  status: TStatusLookup;
  workflowName: (workFlow: string) => string;
}) {
  const { t } = useTranslation('cases');
  if (data.length === 0) return empty(t('dashboard.emptyChart'));
  const workFlows = [...new Set(data.map((d) => d.workFlow))];
  const rows = new Map<string, Map<string, number>>();
  // In the workflow's own status order (new, in progress, ..., closed ones last).
  const ordered = [...data].sort(
    (a, b) => status(a.workFlow, a.status).order - status(b.workFlow, b.status).order,
  );
  for (const entry of ordered) {
    const label = status(entry.workFlow, entry.status).label;
    const row = rows.get(label) ?? new Map<string, number>();
    row.set(entry.workFlow, (row.get(entry.workFlow) ?? 0) + entry.count);
    rows.set(label, row);
  }
  const totalOf = (row: Map<string, number>) => [...row.values()].reduce((a, b) => a + b, 0);
  const max = Math.max(1, ...[...rows.values()].map(totalOf));
  return (
    <Stack gap="sm" mih={CHART_HEIGHT} justify="space-between" data-testid="chart-open-by-status">
      <Stack gap={8} component="ul" className={classes.list}>
        {[...rows].map(([label, row]) => (
          <Group key={label} component="li" gap="sm" wrap="nowrap">
            <Text size="xs" w={150} ta="right" truncate="end" title={label}>
              {label}
            </Text>
            <div className={classes.track}>
              {workFlows.map((workFlow, i) => {
                const count = row.get(workFlow) ?? 0;
                return count > 0 ? (
                  <span
                    key={workFlow}
                    className={classes.bar}
                    style={{ width: `${String((count / max) * 100)}%`, background: colorOf(i) }}
                    title={`${workflowName(workFlow)}: ${String(count)}`}
                  />
                ) : null;
              })}
            </div>
            <Text size="xs" w={32} fw={600} aria-hidden>
              {totalOf(row)}
            </Text>
            <VisuallyHidden>
              {workFlows
                .filter((w) => row.has(w))
                .map((w) => `${workflowName(w)}: ${String(row.get(w))}`)
                .join(', ')}
            </VisuallyHidden>
          </Group>
        ))}
      </Stack>
      <Legend items={workFlows.map((w, i) => ({ label: workflowName(w), color: colorOf(i) }))} />
    </Stack>
  );
}

const PLOT = { width: 600, height: 180 };

/** Cases created and closed per week, the current week last. */
export function PerWeekChart({ data }: { data: TDashboardResponse['perWeek'] }) {
  const { t, i18n } = useTranslation('cases');
  const locale = intlLocale(i18n.language);
  // The last week is the current one, still under way: named so, so that its lower counts do
  // not read as a fall.
  const weeks = data.map((w, i) =>
    i === data.length - 1
      ? t('dashboard.thisWeek')
      : new Date(w.weekStart).toLocaleDateString(locale, { day: 'numeric', month: 'short' }),
  );
  const series = [
    { key: 'created', label: t('dashboard.created'), color: colorOf(0) },
    { key: 'closed', label: t('dashboard.closed'), color: colorOf(2) },
  ] as const;
  const max = Math.max(1, ...data.flatMap((w) => [w.created, w.closed]));
  const x = (i: number) => (data.length < 2 ? PLOT.width / 2 : (i / (data.length - 1)) * PLOT.width);
  const y = (value: number) => PLOT.height - (value / max) * PLOT.height;
  const every = data.length > 8 ? 2 : 1;
  return (
    <Stack gap="sm" mih={CHART_HEIGHT} justify="space-between" data-testid="chart-per-week">
      <div className={classes.plot}>
        <div className={classes.axis} aria-hidden>
          {[max, Math.round(max / 2), 0].map((tick, i) => (
            <Text key={i} size="xs" c="dimmed">
              {tick}
            </Text>
          ))}
        </div>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <svg
            viewBox={`0 0 ${String(PLOT.width)} ${String(PLOT.height)}`}
            preserveAspectRatio="none"
            className={classes.svg}
            aria-hidden
          >
            {[0, 0.5, 1].map((f) => (
              <line
                key={f}
                x1={0}
                x2={PLOT.width}
                y1={f * PLOT.height}
                y2={f * PLOT.height}
                className={classes.grid}
              />
            ))}
            {series.map((s) => (
              <polyline
                key={s.key}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                points={data.map((w, i) => `${String(x(i))},${String(y(w[s.key]))}`).join(' ')}
              />
            ))}
          </svg>
          <div className={classes.weeks} aria-hidden>
            {weeks.map((label, i) => (
              <Text key={i} size="xs" c="dimmed" className={classes.week}>
                {i % every === (data.length - 1) % every ? label : ''}
              </Text>
            ))}
          </div>
        </Box>
      </div>
      <VisuallyHidden>
        <table>
          <thead>
            <tr>
              <td />
              {series.map((s) => (
                <th key={s.key}>{s.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((w, i) => (
              <tr key={w.weekStart}>
                <th>{weeks[i]}</th>
                <td>{w.created}</td>
                <td>{w.closed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
      <Legend items={series.map((s) => ({ label: s.label, color: s.color }))} />
    </Stack>
  );
}
