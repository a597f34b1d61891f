import { z } from 'zod';
import { ZText } from '../text';
import { ZUser } from './user';

/** GET /v2/api/users/by-user-name?userName= — also how a signed-in user loads itself. */
export const ZGetUserByNameQuery = z.object({
  userName: ZText.trim().toLowerCase().min(1, 'Required').max(320),
});
export type TGetUserByNameQuery = z.infer<typeof ZGetUserByNameQuery>;
export const ZGetUserByNameResponse = ZUser;
