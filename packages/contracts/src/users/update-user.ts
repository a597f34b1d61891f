import { z } from 'zod';
import { ZEmail } from '../common';
import { ZRole } from '../roles';
import { ZName, ZUser } from './user';

/** PUT /v2/api/users/{id} */
export const ZUpdateUserRequest = z.object({
  username: ZEmail,
  firstName: ZName,
  lastName: ZName,
  roles: z.array(ZRole).min(1, 'Choose at least one role'),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;
export const ZUpdateUserResponse = ZUser;
