import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** The body of every error answer of the API (OAuth's token endpoint excepted). */
export const ZErrorResponse = z.object({
  code: z.enum(ERROR_CODES as [string, ...string[]]),
  message: z.string(),
  /** Field path (dot-separated) to a human-readable message. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** OAuth2's own error shape, used by POST /v2/oauth/token. */
export const ZOAuthErrorResponse = z.object({
  error: z.string(),
  error_description: z.string(),
});
export type TOAuthErrorResponse = z.infer<typeof ZOAuthErrorResponse>;

/** A numeric id in a path, e.g. /users/{id}. */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
export type TIdParam = z.infer<typeof ZIdParam>;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Must be a valid email address' }));

export const ZMessageResponse = z.object({ message: z.string() });
