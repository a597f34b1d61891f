import { z } from 'zod';
import { ZJsonValue, ZText } from '../text';

export const ZPreferenceKey = ZText.regex(
  /^[A-Za-z0-9._:-]{1,100}$/,
  'Letters, digits and . _ : - only, at most 100',
);

/** A user's preferences: key-value pairs such as `language` and `nav-show`. */
export const ZPreference = z.record(z.string(), ZJsonValue);
export type TPreference = z.infer<typeof ZPreference>;
