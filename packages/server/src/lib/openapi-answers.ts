// The answers of routes without a response schema, for the API reference: a route that writes
// its JSON itself (the case list and detail, read as JSON from the database), sends a file (a
// PDF, a CSV, an attachment) or no body at all says so in its `config.answers`, and the OpenAPI
// document shows that answer instead of Fastify's "Default Response".
import { z } from 'zod';

export type RouteAnswer =
  | { description: string; json: z.ZodType }
  | { description: string; contentType: string }
  | { description: string };
export type RouteAnswers = Partial<Record<number, RouteAnswer>>;

/** A JSON answer of this shape (the contract schema the route's own writer follows). */
export const jsonAnswer = (json: z.ZodType, description = 'OK'): RouteAnswer => ({ description, json });
/** A file of this type (binary; `text/csv`, `application/pdf`, `application/zip`, or any). */
export const fileAnswer = (contentType: string, description: string): RouteAnswer => ({
  description,
  contentType,
});
/** Plain text (the source's answers of check-user and update-password). */
export const textAnswer = (description: string): RouteAnswer => ({ description, contentType: 'text/plain' });
/** A CSV file (UTF-8 with a byte-order mark; `;` between fields in nr, da and de). */
export const CSV_ANSWER: RouteAnswers = {
  200: fileAnswer('text/csv', 'CSV, UTF-8 with a BOM; "," in English, ";" in nr, da and de'),
};
/** A PDF file. */
export const PDF_ANSWER: RouteAnswers = { 200: fileAnswer('application/pdf', 'The report as a PDF file') };
/** A mail's attachments in one zip file. */
export const ZIP_ANSWER: RouteAnswers = {
  200: fileAnswer('application/zip', 'The attachments in one zip file'),
};
/** No body (204). */
export const NO_CONTENT: RouteAnswers = { 204: { description: 'Done; no body' } };

// In @fastify/swagger's route-schema form: `content` per media type, or `type: 'null'` for no body.
type OpenApiResponse =
  | { description: string; content: Record<string, { schema: unknown }> }
  | { description: string; type: 'null' };

const BINARY = { type: 'string', format: 'binary' };

/** The OpenAPI responses of a route's declared answers. */
export function openApiResponses(answers: RouteAnswers): Record<string, OpenApiResponse> {
  const responses: Record<string, OpenApiResponse> = {};
  for (const [code, answer] of Object.entries(answers)) {
    if (!answer) continue;
    const { description } = answer;
    if ('json' in answer) {
      const schema = z.toJSONSchema(answer.json, { io: 'output', unrepresentable: 'any' });
      responses[code] = { description, content: { 'application/json': { schema } } };
    } else if ('contentType' in answer) {
      responses[code] = { description, content: { [answer.contentType]: { schema: BINARY } } };
    } else {
      responses[code] = { description, type: 'null' };
    }
  }
  return responses;
}
