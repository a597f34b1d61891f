import { z } from 'zod';
import { ZCreateUserRequest } from './create-user';
import { ZUser } from './user';

/**
 * POST /v2/api/users/invite — the user is made without a usable password and mailed a link (valid
 * 7 days) to choose one. POST /v2/api/users/:id/invite mails a new link (the older one is void).
 */
export const ZInviteUserRequest = ZCreateUserRequest.omit({ password: true });
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;
export const ZInviteUserResponse = ZUser;
