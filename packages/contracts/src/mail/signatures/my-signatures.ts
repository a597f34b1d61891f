import { z } from 'zod';
import { ZSignatures } from './signatures';

/** GET /v2/api/users/my-signature: the signed-in person's own signature under the mail they write. */
export const ZGetMySignaturesResponse = z.object({ signatures: ZSignatures });
export type TGetMySignaturesResponse = z.infer<typeof ZGetMySignaturesResponse>;

/** PUT /v2/api/users/my-signature: replaces the person's signatures (HTML is cleaned on the server). */
export const ZUpdateMySignaturesRequest = z.object({ signatures: ZSignatures });
export type TUpdateMySignaturesRequest = z.infer<typeof ZUpdateMySignaturesRequest>;
export const ZUpdateMySignaturesResponse = ZGetMySignaturesResponse;
export type TUpdateMySignaturesResponse = z.infer<typeof ZUpdateMySignaturesResponse>;
