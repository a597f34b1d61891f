import type { TMailAutoKind } from '@claimdesk/contracts';
import { isOwnMessageId } from '../common/message-id';

/** Reads one header (lower-case name) as text; mailparser gives structured values for some. */
export type HeaderReader = (name: string) => string | null;

/**
 * Why no automatic mail may answer this one, or null for a person's mail (RFC 3834
 * Auto-Submitted, the de-facto Precedence and X-Autoreply headers, list headers, delivery
 * reports, and our own Message-IDs coming back).
 */
export function detectAutoKind(
  header: HeaderReader,
  messageId: string,
  contentType: string,
): TMailAutoKind | null {
  if (isOwnMessageId(messageId)) return 'own-loop';
  const autoSubmitted = header('auto-submitted')?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'auto-reply';
  if (
    header('x-autoreply') !== null ||
    header('x-autorespond') !== null ||
    header('x-autoresponse') !== null
  ) {
    return 'auto-reply';
  }
  const precedence = header('precedence')?.trim().toLowerCase();
  if (precedence === 'auto_reply') return 'auto-reply';
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return 'bulk';
  if (contentType.toLowerCase().startsWith('multipart/report')) return 'bounce';
  if (header('list-id') !== null || header('list-unsubscribe') !== null) return 'bulk';
  return null;
}
