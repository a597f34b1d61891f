import { z } from 'zod';
import { ZEmail } from '../common';
import { ZRole } from '../roles';
import { ZPassword } from '../auth/password-policy';
import { ZName, ZUser } from './user';

/** POST /v2/api/users — the user must choose a new password at first sign-in. */
export const ZCreateUserRequest = z.object({
  username: ZEmail,
  firstName: ZName,
  lastName: ZName,
  roles: z.array(ZRole).min(1, 'Choose at least one role'),
  password: ZPassword,
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;
export const ZCreateUserResponse = ZUser;
