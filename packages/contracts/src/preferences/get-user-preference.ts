import { ZPreference } from './preference';

/** GET /v2/api/users/user-preference — the signed-in user's preferences. */
export const ZGetUserPreferenceResponse = ZPreference;
