import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  REPORT_BASES,
  REPORT_INTERVALS,
  type TReportBasis,
  type TReportInterval,
} from '@claimdesk/contracts';
import type { TReportFilter } from '../api/report-query';

/** The period presets of the screen; `custom` is any other from and to. */
export const PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'last12Months'] as const;
export type TPreset = (typeof PRESETS)[number];

const iso = (d: Date) =>
  `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A preset's first and last day, by the user's own calendar. */
export function presetPeriod(preset: TPreset, today = new Date()): { from: string; to: string } {
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (preset) {
    case 'thisMonth':
      return { from: iso(new Date(y, m, 1)), to: iso(today) };
    case 'lastMonth':
      return { from: iso(new Date(y, m - 1, 1)), to: iso(new Date(y, m, 0)) };
    case 'thisYear':
      return { from: iso(new Date(y, 0, 1)), to: iso(today) };
    case 'last12Months':
      return { from: iso(new Date(y, m - 11, 1)), to: iso(today) };
  }
}

/** The preset a period is, if any. */
export const presetOf = (from: string, to: string, today = new Date()): TPreset | null =>
  PRESETS.find((p) => {
    const period = presetPeriod(p, today);
    return period.from === from && period.to === to;
  }) ?? null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

/** The screen's filter, kept in the address (?from&to&basis&interval) so a reload or a link keeps it. */
export function useReportFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<TReportFilter>(() => {
    const fallback = presetPeriod('last12Months');
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return {
      from: ISO_DATE.test(from) ? from : fallback.from,
      to: ISO_DATE.test(to) ? to : fallback.to,
      basis: oneOf<TReportBasis>(REPORT_BASES, params.get('basis'), 'created'),
      interval: oneOf<TReportInterval>(REPORT_INTERVALS, params.get('interval'), 'month'),
    };
  }, [params]);
  const setFilter = useCallback(
    (change: Partial<TReportFilter>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filter, setFilter };
}
