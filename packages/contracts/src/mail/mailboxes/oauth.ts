import { z } from 'zod';
import { ZText } from '../../text';

/** The mail providers signed in with OAuth2 (XOAUTH2): Google and Microsoft 365. */
export const ZOAuthProvider = z.enum(['google', 'microsoft']);
export type TOAuthProvider = z.infer<typeof ZOAuthProvider>;
export const ZOAuthProviderParams = z.object({ provider: ZOAuthProvider });

/**
 * GET /v2/api/external-auth/providers: the providers this server has a client id for, so that the
 * settings screen offers only the sign-ins that can work (administrators only).
 */
export const ZOAuthProvidersResponse = z.object({ providers: z.array(ZOAuthProvider) });
export type TOAuthProvidersResponse = z.infer<typeof ZOAuthProvidersResponse>;

/**
 * GET /v2/api/external-auth/{provider}/authorize-url: where the settings screen sends the
 * administrator to sign in to the mailbox, with a signed `state` naming the store (valid
 * 15 minutes). 409 when the provider's client id is not configured.
 */
export const ZOAuthAuthorizeUrlResponse = z.object({ url: z.string(), state: z.string() });
export type TOAuthAuthorizeUrlResponse = z.infer<typeof ZOAuthAuthorizeUrlResponse>;

/**
 * POST /v2/api/external-auth/{provider}?storeName=: body `{ token }`, the authorization code
 * the provider returned. The code is exchanged at the provider's token endpoint, the mailbox
 * address is read (the id token's email, else the userinfo endpoint), and the store's mailbox of
 * that address is created or updated as a Google/Microsoft mailbox with the tokens sealed.
 * `storeName` (optional) must be the signed-in store (403 otherwise); `state` (optional) is
 * checked when given. A code the provider refuses: 400 with the provider's words. Answers the
 * mailbox (the web does not read it).
 */
export const ZOAuthExchangeRequest = z.object({ token: ZText.trim().min(1, 'Required').max(4096) });
export type TOAuthExchangeRequest = z.infer<typeof ZOAuthExchangeRequest>;
export const ZOAuthExchangeQuery = z.object({
  storeName: ZText.max(200).optional(),
  state: ZText.max(2000).optional(),
});

/**
 * DELETE /v2/api/settings/initial-properties/remove-authorization/{id}: forgets the stored
 * tokens of a Google or Microsoft mailbox; it is disabled and shows as failing
 * ("authorization removed") until signed in again. 409 for a mailbox of another kind. 204.
 */
export const REMOVED_AUTHORIZATION_ERROR = 'authorization removed';
