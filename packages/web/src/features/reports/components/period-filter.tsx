import { Group, Paper, Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_BASES,
  REPORT_INTERVALS,
  REPORT_PERIOD_MAX_DAYS,
  reportPeriodDays,
} from '@claimdesk/contracts';
import { DateField } from '../../../components/ui/date-field';
import type { TReportFilter } from '../api/report-query';
import { PRESETS, presetOf, presetPeriod } from '../hooks/use-report-filter';

/** Why a typed period cannot be asked for, as a translation key; null when it can. */
export const periodProblem = (from: string, to: string): string | null => {
  if (!from || !to) return 'filter.required';
  const days = reportPeriodDays(from, to);
  if (days < 1) return 'filter.reversed';
  if (days > REPORT_PERIOD_MAX_DAYS) return 'filter.tooLong';
  return null;
};

/** The period (a preset or from and to), the date cases count by, and the buckets of the charts. */
export function PeriodFilter({
  filter,
  onChange,
}: {
  filter: TReportFilter;
  onChange: (change: Partial<TReportFilter>) => void;
}) {
  const { t } = useTranslation('reports');
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  useEffect(() => {
    setFrom(filter.from);
    setTo(filter.to);
  }, [filter.from, filter.to]);
  const problem = periodProblem(from, to);
  const typed = (next: { from: string; to: string }) => {
    setFrom(next.from);
    setTo(next.to);
    if (!periodProblem(next.from, next.to)) onChange(next);
  };
  const preset = presetOf(filter.from, filter.to);
  return (
    <Paper withBorder radius="md" p="sm" mb="lg">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Select
          label={t('filter.period')}
          w={{ base: '100%', xs: 180 }}
          allowDeselect={false}
          value={preset ?? 'custom'}
          data={[
            ...PRESETS.map((p) => ({ value: p, label: t(`filter.presets.${p}`) })),
            { value: 'custom', label: t('filter.presets.custom'), disabled: true },
          ]}
          onChange={(value) => {
            if (value && value !== 'custom') typed(presetPeriod(value));
          }}
        />
        <DateField
          label={t('filter.from')}
          w={{ base: 'calc(50% - 6px)', xs: 150 }}
          value={from}
          onChange={(value) => typed({ from: value, to })}
        />
        <DateField
          label={t('filter.to')}
          w={{ base: 'calc(50% - 6px)', xs: 150 }}
          value={to}
          onChange={(value) => typed({ from, to: value })}
          error={problem && t(problem, { max: REPORT_PERIOD_MAX_DAYS })}
        />
        <Select
          label={t('filter.basis')}
          w={{ base: 'calc(50% - 6px)', xs: 190 }}
          allowDeselect={false}
          value={filter.basis}
          data={REPORT_BASES.map((b) => ({ value: b, label: t(`filter.bases.${b}`) }))}
          onChange={(value) => value && onChange({ basis: value })}
        />
        <Select
          label={t('filter.interval')}
          w={{ base: 'calc(50% - 6px)', xs: 130 }}
          allowDeselect={false}
          value={filter.interval}
          data={REPORT_INTERVALS.map((i) => ({ value: i, label: t(`filter.intervals.${i}`) }))}
          onChange={(value) => value && onChange({ interval: value })}
        />
      </Group>
    </Paper>
  );
}
