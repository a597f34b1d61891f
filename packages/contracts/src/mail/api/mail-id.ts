import { z } from 'zod';
import { MAX_ID, ZIdText } from '../../common';

/** The largest id a row can have (PostgreSQL integer): a bigger one is a 400, never a database error. */
export const MAX_ROW_ID = MAX_ID;

/** A numeric row id in a path, e.g. the mail of /v2/api/claims/mails/{id}. */
export const ZRowId = ZIdText;

/** The path of the calls that address one mail (or, for mail-logs, one case) by id. */
export const ZMailIdParams = z.object({ id: ZRowId });
export type TMailIdParams = z.infer<typeof ZMailIdParams>;
