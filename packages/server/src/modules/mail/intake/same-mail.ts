import { contentKey } from '../../../lib/file-storage';

/** Header fields added on the way (transport, delivery, spam checks): not part of what the sender wrote. */
const TRACE_FIELD =
  /^(?:received|return-path|delivered-to|x-original-to|x-delivered-to|envelope-to|x-received|authentication-results|arc-[a-z-]+|x-spam-[a-z-]+|x-virus-[a-z-]+|x-ms-exchange-[a-z-]+|x-google-smtp-source|x-gm-message-state|received-spf|dkim-signature|x-forwarded-to|x-forwarded-for)$/i;

/**
 * A hash of a message without its trace header fields: the same mail delivered to two mailboxes
 * of a store (or fetched twice) has the same one; two different mails that reuse one
 * Message-ID (broken mailers do) have different ones. The body counts byte for byte.
 */
export function senderContentHash(raw: Buffer): string {
  const text = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(text);
  const head = split ? text.slice(0, split.index) : text;
  const body = split ? text.slice(split.index + split[0].length) : '';
  const fields = head.split(/\r?\n(?![ \t])/).filter((field) => {
    const name = field.slice(0, Math.max(0, field.indexOf(':'))).trim();
    return !TRACE_FIELD.test(name);
  });
  return contentKey(Buffer.from(`${fields.join('\n')}\n\n${body}`, 'latin1'));
}
