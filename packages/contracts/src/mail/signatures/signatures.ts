import { z } from 'zod';
import { ZText } from '../../text';

/** The most characters of one signature's HTML (a small logo pasted inline fits). */
export const SIGNATURE_MAX_LENGTH = 100_000;

/** One signature as HTML; empty means none in that language. */
export const ZSignatureHtml = ZText.max(
  SIGNATURE_MAX_LENGTH,
  `At most ${String(SIGNATURE_MAX_LENGTH)} characters`,
);

/**
 * A signature per language of the mail (en, nr, da, de); a language left out has none. The
 * compose adds the one in the mail's language, else the store's.
 */
export const ZSignatures = z
  .object({
    en: ZSignatureHtml.optional(),
    nr: ZSignatureHtml.optional(),
    da: ZSignatureHtml.optional(),
    de: ZSignatureHtml.optional(),
  })
  .strict();
export type TSignatures = z.infer<typeof ZSignatures>;
