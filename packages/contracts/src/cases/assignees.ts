import { z } from 'zod';

/** GET /v2/api/claims/assignees: the store's staff a case can be assigned to. */
export const ZAssignee = z.object({ username: z.string(), fullName: z.string() });
export type TAssignee = z.infer<typeof ZAssignee>;
export const ZListAssigneesResponse = z.array(ZAssignee);
