import { z } from 'zod';
import { ZText } from '../text';
import { ZUser } from './user';

/** GET /v2/api/users?search= — the store's users, sorted by name; search matches name and username. */
export const ZListUsersQuery = z.object({ search: ZText.trim().max(200).optional() });
export type TListUsersQuery = z.infer<typeof ZListUsersQuery>;
export const ZListUsersResponse = z.array(ZUser);
export type TListUsersResponse = z.infer<typeof ZListUsersResponse>;
