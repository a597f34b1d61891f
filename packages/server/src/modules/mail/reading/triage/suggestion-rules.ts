// Which cases an unmapped mail likely belongs to, and why (issue 21, the triage screen). Pure
// rules over what suggestions.repository.ts reads in a fixed number of statements.
import { SUGGESTIONS_PER_MAIL, type TCaseSuggestion, type TSuggestionReason } from '@claimdesk/contracts';

/** What the rules need of an unmapped mail. */
export interface MailClues {
  id: number;
  sender: string | null;
  /** Subject and the start of the text. */
  words: string;
  /** In-Reply-To and References. */
  references: string[];
}

/** What the rules need of a candidate case. */
export interface CandidateCase {
  id: number;
  caseNumber: number;
  workFlow: string;
  customerName: string;
  customerEmail: string | null;
  orderReference: string | null;
  status: string;
  isArchived: boolean;
}

/** The strength of each reason: a References id names the case outright, a sender only hints. */
const WEIGHT: Record<TSuggestionReason, number> = {
  references: 100,
  'case-number': 80,
  'order-reference': 70,
  'customer-email': 50,
  'contact-email': 40,
  'only-open-case': 20,
};

const MAX_NUMBERS = 20;
const MAX_TOKENS = 30;

/** Numbers in the text that could be case numbers (5 to 9 digits). */
export function caseNumbersIn(words: string): number[] {
  const found = new Set<number>();
  for (const match of words.matchAll(/(?<![\p{L}\p{N}])(\d{5,9})(?![\p{L}\p{N}])/gu)) {
    found.add(Number(match[1]));
    if (found.size >= MAX_NUMBERS) break;
  }
  return [...found];
}

/** Words that could be order references (ORD-2024-17, 12345678): with a digit, 4 to 40 long; lower case. */
export function referenceTokensIn(words: string): string[] {
  const found = new Set<string>();
  for (const match of words.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\-_/.#]{2,38}[\p{L}\p{N}]/gu)) {
    if (/\d/.test(match[0])) found.add(match[0].toLowerCase());
    if (found.size >= MAX_TOKENS) break;
  }
  return [...found];
}

/**
 * Each mail's suggestions, best first: every reason that holds for a case, its score the sum of
 * their weights; open cases before archived ones at equal score, then the higher case number.
 */
export function suggestCases(
  mails: MailClues[],
  candidates: CandidateCase[],
  caseOfMessageId: ReadonlyMap<string, number>,
  participantCases: ReadonlyMap<string, ReadonlySet<number>>,
): Map<number, TCaseSuggestion[]> {
  const openCasesBySender = new Map<string, number>();
  for (const c of candidates) {
    if (c.customerEmail && !c.isArchived) {
      const key = c.customerEmail.toLowerCase();
      openCasesBySender.set(key, (openCasesBySender.get(key) ?? 0) + 1);
    }
  }
  const answer = new Map<number, TCaseSuggestion[]>();
  for (const mail of mails) {
    const sender = mail.sender?.toLowerCase() ?? null;
    const numbers = new Set(caseNumbersIn(mail.words));
    const tokens = new Set(referenceTokensIn(mail.words));
    const referenced = new Set(mail.references.flatMap((id) => caseOfMessageId.get(id) ?? []));
    const scored = candidates.flatMap((c) => {
      const reasons: TSuggestionReason[] = [];
      if (referenced.has(c.id)) reasons.push('references');
      if (numbers.has(c.caseNumber)) reasons.push('case-number');
      if (c.orderReference && tokens.has(c.orderReference.toLowerCase())) reasons.push('order-reference');
      const isCustomer = sender !== null && c.customerEmail?.toLowerCase() === sender;
      if (isCustomer) reasons.push('customer-email');
      if (sender !== null && participantCases.get(sender)?.has(c.id)) reasons.push('contact-email');
      if (isCustomer && !c.isArchived && openCasesBySender.get(sender) === 1) reasons.push('only-open-case');
      if (reasons.length === 0) return [];
      const score = reasons.reduce((sum, r) => sum + WEIGHT[r], 0);
      return [{ c, reasons, score }];
    });
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        Number(a.c.isArchived) - Number(b.c.isArchived) ||
        b.c.caseNumber - a.c.caseNumber,
    );
    answer.set(
      mail.id,
      scored.slice(0, SUGGESTIONS_PER_MAIL).map(({ c, reasons }) => ({
        caseId: c.id,
        caseNumber: c.caseNumber,
        workFlow: c.workFlow,
        customerName: c.customerName,
        status: c.status,
        isArchived: c.isArchived,
        reasons,
      })),
    );
  }
  return answer;
}
