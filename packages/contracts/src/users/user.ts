import { z } from 'zod';
import { ZText } from '../text';
import { ZRole } from '../roles';
import { ZPreference } from '../preferences/preference';

/** A user as every answer shows it; never with a password or its hash. */
export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roles: z.array(ZRole),
  preference: ZPreference,
  /** True while the user must choose a new password at the next sign-in. */
  verifyPassword: z.boolean(),
  profilePicUrl: z.string().nullable(),
  /** Disabled by an administrator: kept with its history, refused at sign-in and on every call. */
  isDisabled: z.boolean(),
  /** Invited by mail and not yet set a password with the link. */
  isInvited: z.boolean().default(false),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZName = ZText.trim().min(1, 'Required').max(100, 'At most 100 characters');
