import { z } from 'zod';
import { ZConfigKey, ZFeatureRef, ZLabel, uniqueBy } from './config-common';

/**
 * What a case-detail tab shows: form groups placed on it, the case's mails, its timeline, its
 * costs, or its supplier's side (for a supplier's contact person the claim, its answers and the
 * forms to answer and write; for staff the supplier's answers and views).
 */
export const TAB_KINDS = ['fields', 'mails', 'timeline', 'costs', 'supplier'] as const;

export const ZTab = z.object({
  key: ZConfigKey,
  label: ZLabel,
  kind: z.enum(TAB_KINDS),
  feature: ZFeatureRef.optional(),
});
export type TTab = z.infer<typeof ZTab>;

/** json-config `tabs.{workflow}`: the tabs of the case detail, in order; the first is opened first. */
export const ZTabsConfig = z
  .array(ZTab)
  .min(1)
  .max(10)
  .superRefine(uniqueBy((t) => t.key, 'tab'));
export type TTabsConfig = z.infer<typeof ZTabsConfig>;

export const DEFAULT_TABS: TTabsConfig = [
  { key: 'details', label: 'case.tab.details', kind: 'fields' },
  { key: 'mails', label: 'case.tab.mails', kind: 'mails' },
  { key: 'timeline', label: 'case.tab.timeline', kind: 'timeline' },
  { key: 'costs', label: 'case.tab.costs', kind: 'costs', feature: 'costReg' },
];

/** The support workflow's tabs: a question has no costs to keep (no credit note, no supplier's bill). */
export const DEFAULT_SUPPORT_TABS: TTabsConfig = DEFAULT_TABS.filter((tab) => tab.kind !== 'costs');

/**
 * One-time-code users see a case's supplier side first (the supplier portal: the claim, its
 * answers, the forms to answer and write), then its details and its mails, nothing else.
 */
export const LITE_TABS: TTabsConfig = [
  { key: 'supplier', label: 'case.tab.supplier', kind: 'supplier' },
  { key: 'details', label: 'case.tab.details', kind: 'fields' },
  { key: 'mails', label: 'case.tab.mails', kind: 'mails' },
];
