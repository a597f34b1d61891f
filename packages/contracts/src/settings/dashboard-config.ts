import { z } from 'zod';
import { ZLabel, uniqueBy } from './config-common';

export const DASHBOARD_TILES = [
  'open-by-status',
  'created-closed-per-week',
  'oldest-open',
  'my-cases',
] as const;
export type TDashboardTile = (typeof DASHBOARD_TILES)[number];

/** json-config `dashboard`: which tiles the dashboard shows, in order. */
export const ZDashboardConfig = z.object({
  tiles: z
    .array(z.object({ key: z.enum(DASHBOARD_TILES), label: ZLabel.optional() }))
    .max(DASHBOARD_TILES.length)
    .superRefine(uniqueBy((t) => t.key, 'tile')),
  /** Weeks shown in the created/closed chart. */
  weeks: z.number().int().min(2).max(52),
});
export type TDashboardConfig = z.infer<typeof ZDashboardConfig>;

export const DEFAULT_DASHBOARD: TDashboardConfig = {
  tiles: [
    { key: 'open-by-status' },
    { key: 'created-closed-per-week' },
    { key: 'my-cases' },
    { key: 'oldest-open' },
  ],
  weeks: 12,
};
