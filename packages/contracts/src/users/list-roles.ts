import { z } from 'zod';
import { ZRole } from '../roles';

/** GET /v2/api/users/roles — the roles an administrator can give. */
export const ZListRolesResponse = z.array(ZRole);
export type TListRolesResponse = z.infer<typeof ZListRolesResponse>;
