import { z } from 'zod';
import { codedIssue } from '../field-issues';
import { ZText } from '../text';
import { ZPassword } from './password-policy';

/** PUT /v2/api/users/reset-password with X-TENANT-ID; before sign-in, when a reset is due. */
export const ZResetPasswordRequest = z
  .object({
    username: ZText.trim().toLowerCase().min(1, 'Required').max(320),
    password: ZPassword,
    oldPassword: ZText.min(1, 'Required').max(1000),
  })
  .refine((v) => v.password !== v.oldPassword, {
    path: ['password'],
    message: 'The new password must differ from the old one',
    ...codedIssue('same_password'),
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
