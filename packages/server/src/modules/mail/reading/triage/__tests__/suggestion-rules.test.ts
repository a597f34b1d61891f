import { describe, expect, it } from 'vitest';
import { caseNumbersIn, referenceTokensIn, suggestCases, type CandidateCase } from '../suggestion-rules';

const aCase = (overrides: Partial<CandidateCase> & { id: number }): CandidateCase => ({
  caseNumber: 10000 + overrides.id,
  workFlow: 'claim',
  customerName: 'Kari',
  customerEmail: null,
  orderReference: null,
  status: 'new',
  isArchived: false,
  ...overrides,
});

describe('clues in a mail', () => {
  it('finds case numbers as whole numbers of 5 to 9 digits', () => {
    expect(caseNumbersIn('Sak 10023, ordre ORD10024 og tlf 1234 / 12345678901')).toEqual([10023]);
  });

  it('finds reference-like words with a digit, in lower case', () => {
    expect(referenceTokensIn('Ordre WEB-2026-24998: når kommer den?')).toEqual(['web-2026-24998']);
    expect(referenceTokensIn('hello world')).toEqual([]);
  });
});

describe('suggestCases', () => {
  const mail = (words: string, sender: string | null = null, references: string[] = []) => ({
    id: 1,
    sender,
    words,
    references,
  });

  it('ranks a referenced case over a sender’s case, and open over archived at equal score', () => {
    const referenced = aCase({ id: 1 });
    const customerOpen = aCase({ id: 2, customerEmail: 'kari@x.test' });
    const customerArchived = aCase({ id: 3, customerEmail: 'kari@x.test', isArchived: true });
    const result = suggestCases(
      [mail('hei', 'KARI@x.test', ['<a@b>'])],
      [customerArchived, customerOpen, referenced],
      new Map([['<a@b>', 1]]),
      new Map(),
    ).get(1);
    expect(result?.map((s) => [s.caseId, s.reasons])).toEqual([
      [1, ['references']],
      [2, ['customer-email', 'only-open-case']],
      [3, ['customer-email']],
    ]);
  });

  it('gives only-open-case only when the sender has exactly one open case', () => {
    const cases = [aCase({ id: 1, customerEmail: 'a@x.test' }), aCase({ id: 2, customerEmail: 'a@x.test' })];
    const result = suggestCases([mail('x', 'a@x.test')], cases, new Map(), new Map()).get(1);
    expect(result?.every((s) => !s.reasons.includes('only-open-case'))).toBe(true);
  });

  it('keeps at most three, and none without a reason', () => {
    const cases = Array.from({ length: 6 }, (_, i) => aCase({ id: i + 1, customerEmail: 'a@x.test' }));
    expect(suggestCases([mail('x', 'a@x.test')], cases, new Map(), new Map()).get(1)).toHaveLength(3);
    expect(suggestCases([mail('x', 'b@x.test')], cases, new Map(), new Map()).get(1)).toEqual([]);
  });

  it('names a participant’s case and an order reference', () => {
    const cases = [aCase({ id: 1 }), aCase({ id: 2, orderReference: 'ORD-7' })];
    const result = suggestCases(
      [mail('about ord-7 please', 'per@p.test')],
      cases,
      new Map(),
      new Map([['per@p.test', new Set([1])]]),
    ).get(1);
    expect(result?.map((s) => [s.caseId, s.reasons])).toEqual([
      [2, ['order-reference']],
      [1, ['contact-email']],
    ]);
  });
});
