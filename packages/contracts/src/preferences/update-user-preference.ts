import { z } from 'zod';
import { ZSafeJson } from '../text';
import { ZPreference, ZPreferenceKey } from './preference';

export const PREFERENCE_MAX_BYTES = 64 * 1024;

/**
 * PUT /v2/api/users/user-preference — a key-value object (usually a single key) merged into the
 * stored preferences; a `null` value removes the key. Answers the whole preference object.
 */
export const ZUpdateUserPreferenceRequest = z
  .record(ZPreferenceKey, ZSafeJson)
  .refine((v) => Object.keys(v).length >= 1, 'Give at least one key')
  .refine((v) => JSON.stringify(v).length <= PREFERENCE_MAX_BYTES, 'Preferences are too large');
export type TUpdateUserPreferenceRequest = z.infer<typeof ZUpdateUserPreferenceRequest>;
export const ZUpdateUserPreferenceResponse = ZPreference;
