import { z } from 'zod';
import { ZText } from '../text';
import { FEATURE_FLAGS } from '../features';

/** A translation key (`case.customer`), or plain text where no translation exists. */
export const ZLabel = ZText.trim().min(1).max(200);

/** A machine key inside a configuration document. */
export const ZConfigKey = ZText.regex(
  /^[a-zA-Z][a-zA-Z0-9_.-]{0,59}$/,
  'Letters, digits, _, . and -, starting with a letter',
);

/** An option of a select field or a status list. */
export const ZOption = z.object({ value: ZConfigKey, label: ZLabel });
export type TOption = z.infer<typeof ZOption>;

/** Keys must be unique within a list; the message names the duplicate. */
export function uniqueBy<T>(pick: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const key = pick(item);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate ${what} "${key}"` });
      seen.add(key);
    });
  };
}

export const ZFeatureRef = z.enum(FEATURE_FLAGS);
