import { z } from 'zod';
import { ERROR_CODES, FIELD_ISSUE_CODES } from './errors';
import { ZText } from './text';

export * from './text';

/** Why one field was refused, in a form a client translates: a code and the values its text names. */
export const ZFieldIssue = z.object({
  code: z.enum(FIELD_ISSUE_CODES),
  /** The values the code's text names: `max` of too_long, `value` of not_an_option, … */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

/** The body of every error answer of the API (OAuth's token endpoint excepted). */
export const ZErrorResponse = z.object({
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  /** Field path (dot-separated) to a human-readable message (English). */
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /**
   * The same fields' problems as codes with parameters, for a client to translate. A field of
   * `fieldErrors` may have no entry here (a check that has no code yet): show its text then.
   */
  fieldIssues: z.record(z.string(), ZFieldIssue).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** OAuth2's own error shape, used by POST /v2/oauth/token. */
export const ZOAuthErrorResponse = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type TOAuthErrorResponse = z.infer<typeof ZOAuthErrorResponse>;

/** The largest id a row can have (a PostgreSQL integer): a bigger one is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;

/** A row id in a JSON body: a whole number from 1 to 2,147,483,647. */
export const ZId = z
  .number()
  .int('Must be a whole number')
  .positive('Must be 1 or more')
  .max(MAX_ID, `At most ${String(MAX_ID)}`);

/** A row id in a path or query string, where it arrives as text: the same range as `ZId`. */
export const ZIdText = z.coerce
  .number('Must be a number')
  .int('Must be a whole number')
  .positive('Must be 1 or more')
  .max(MAX_ID, `At most ${String(MAX_ID)}`);

/** An optimistic version as a client names it: the same range as an id (an integer column). */
export const ZVersion = z
  .number()
  .int('Must be a whole number')
  .min(1, 'Must be 1 or more')
  .max(MAX_ID, `At most ${String(MAX_ID)}`);

/** A numeric id in a path, e.g. /users/{id}. */
export const ZIdParam = z.object({ id: ZIdText });
export type TIdParam = z.infer<typeof ZIdParam>;

export const ZEmail = ZText.trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid email address' }));

export const ZMessageResponse = z.object({ message: z.string() });
