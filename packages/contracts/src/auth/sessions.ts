import { z } from 'zod';

/**
 * POST /v2/api/sign-out ends the caller's own session on the server (204); POST
 * /v2/api/sign-out-everywhere ends every session of the caller, this one included (204).
 */

/** GET /v2/api/sessions — the caller's sessions that still run, newest first. */
export const ZSignInSession = z.object({
  id: z.string(),
  /** The client address and browser at sign-in. */
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The session of the token that asked. */
  isCurrent: z.boolean(),
});
export type TSignInSession = z.infer<typeof ZSignInSession>;
export const ZListSessionsResponse = z.array(ZSignInSession);
export type TListSessionsResponse = z.infer<typeof ZListSessionsResponse>;
