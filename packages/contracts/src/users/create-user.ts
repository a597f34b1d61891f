import { z } from 'zod';
import { codedIssue } from '../field-issues';
import { ZEmail } from '../common';
import { ZRole } from '../roles';
import { ZPassword } from '../auth/password-policy';
import { ZName, ZUser } from './user';

/** POST /v2/api/users — the user must choose a new password at first sign-in. */
export const ZCreateUserRequest = z.object({
  username: ZEmail,
  firstName: ZName,
  lastName: ZName,
  roles: z
    .array(ZRole)
    .refine((roles) => roles.length > 0, { message: 'Choose at least one role', ...codedIssue('no_role') }),
  password: ZPassword,
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;
export const ZCreateUserResponse = ZUser;
