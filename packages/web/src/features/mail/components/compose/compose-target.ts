import type { TComposeSendType, TMailLog } from '@claimdesk/contracts';

/** What opens a compose on a case: a reply (to one or all), a forward, a new mail, or a kept draft. */
export type TComposeMode = 'reply' | 'replyAll' | 'forward' | 'new' | 'draft';

export interface TComposeOpen {
  mode: TComposeMode;
  sendType: TComposeSendType;
  /** The mail answered or forwarded. */
  mailLogId: number | null;
  /** For mode draft: the draft to go on with. */
  draft?: TMailLog;
}

/** Who an answer to a mail goes to: a supplier's conversation answers the supplier, else the customer. */
export const answerSendType = (mail: Pick<TMailLog, 'mailLogType'>): 'customer' | 'supplier' =>
  mail.mailLogType === 'supplier' ? 'supplier' : 'customer';

/** The addresses of a reply to all: the answered mail's sender and recipients, less our own and the main ones. */
export function replyAllCc(mail: TMailLog, to: string[], own: string[]): string[] {
  const skip = new Set([...to, ...own].map((a) => a.toLowerCase()));
  const result: string[] = [];
  for (const address of [...mail.to, ...mail.cc].map((a) => a.address)) {
    const key = address.toLowerCase();
    if (skip.has(key)) continue;
    skip.add(key);
    result.push(address);
  }
  return result;
}
