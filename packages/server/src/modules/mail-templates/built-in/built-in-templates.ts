import type { BuiltInTemplate } from './built-in-template';
import { CLAIM_TEMPLATES } from './claim-templates';
import { SUPPORT_TEMPLATES } from './support-templates';

export type { BuiltInTemplate } from './built-in-template';

/** Every built-in template, in a stable order (workflow, then as listed). */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [...CLAIM_TEMPLATES, ...SUPPORT_TEMPLATES];

const byKey = new Map(BUILT_IN_TEMPLATES.map((t) => [t.key, t]));
export const findBuiltInTemplate = (key: string): BuiltInTemplate | undefined => byKey.get(key);
