import { z } from 'zod';
import { ZText } from '../text';
import { FEATURE_FLAGS } from '../features';
import { ZRole } from '../roles';
import { WORKFLOW_KEY } from '../cases/case-fields';

const ZMenuLeaf = z.object({
  key: ZText.min(1).max(100),
  /** A translation key, or plain text where no translation exists. */
  label: ZText.min(1).max(200),
  icon: ZText.max(100).optional(),
  workFlow: ZText.regex(WORKFLOW_KEY, 'Lower-case letters, digits and -').optional(),
  archived: z.boolean().optional(),
  /** Shown only where this feature flag is on. */
  feature: z.enum(FEATURE_FLAGS).optional(),
  /** Shown only to these roles; everyone when absent. */
  roles: z.array(ZRole).optional(),
});

/** One entry of the side menu: a workflow entry, or a group with sub-items. */
export const ZMenuItem = ZMenuLeaf.extend({ sub: z.array(ZMenuLeaf).optional() });
export type TMenuItem = z.infer<typeof ZMenuItem>;

/** json-config `menu`: the configurable part of the side menu. */
export const ZMenuConfig = z.array(ZMenuItem);
export type TMenuConfig = z.infer<typeof ZMenuConfig>;

const workflowGroup = (workFlow: string, extra: Partial<TMenuItem> = {}): TMenuItem => ({
  key: workFlow,
  label: `menu.${workFlow}`,
  icon: workFlow,
  workFlow,
  ...extra,
  sub: [
    { key: `${workFlow}-open`, label: 'menu.open', workFlow, archived: false, ...pickFeature(extra) },
    { key: `${workFlow}-archive`, label: 'menu.archive', workFlow, archived: true, ...pickFeature(extra) },
  ],
});
const pickFeature = (extra: Partial<TMenuItem>) => (extra.feature ? { feature: extra.feature } : {});

/** The built-in menu: the claim workflow, and the support workflow behind supportClaim. */
export const DEFAULT_MENU_CONFIG: TMenuConfig = [
  workflowGroup('claim'),
  workflowGroup('support', { feature: 'supportClaim' }),
];

/** One-time-code users see only the open claims they take part in. */
export const LITE_MENU_CONFIG: TMenuConfig = [
  { key: 'claim-open', label: 'menu.claim', icon: 'claim', workFlow: 'claim', archived: false },
];
