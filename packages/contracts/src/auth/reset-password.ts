import { z } from 'zod';
import { ZPassword } from './password-policy';

/** PUT /v2/api/users/reset-password with X-TENANT-ID; before sign-in, when a reset is due. */
export const ZResetPasswordRequest = z
  .object({
    username: z.string().trim().toLowerCase().min(1, 'Required'),
    password: ZPassword,
    oldPassword: z.string().min(1, 'Required'),
  })
  .refine((v) => v.password !== v.oldPassword, {
    path: ['password'],
    message: 'The new password must differ from the old one',
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;
