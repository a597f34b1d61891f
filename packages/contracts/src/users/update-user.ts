import { z } from 'zod';
import { codedIssue } from '../field-issues';
import { ZEmail } from '../common';
import { ZRole } from '../roles';
import { ZName, ZUser } from './user';

/** PUT /v2/api/users/{id} */
export const ZUpdateUserRequest = z.object({
  username: ZEmail,
  firstName: ZName,
  lastName: ZName,
  roles: z
    .array(ZRole)
    .refine((roles) => roles.length > 0, { message: 'Choose at least one role', ...codedIssue('no_role') }),
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;
export const ZUpdateUserResponse = ZUser;
