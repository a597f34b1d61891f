import { describe, expect, it } from 'vitest';
import { answerSummary } from '../answer-summary';

const partly = {
  outcome: 'partly' as const,
  compensationMode: 'credit-note',
  amountMinor: 123_456,
  currency: 'NOK',
  creditNoteNumber: 'KN-7',
  note: 'Half of it.',
};

describe('a supplier answer as mail text', () => {
  it('writes the outcome, compensation, amount and credit note in the store’s language', () => {
    expect(answerSummary(partly, 'nr')).toBe(
      'Svar på reklamasjonen: Delvis godkjent\nKompensasjon: Kreditnota\nBeløp: 1\u00a0234,56 NOK\nKreditnota: KN-7\n\nHalf of it.',
    );
    expect(answerSummary(partly, 'de')).toBe(
      'Antwort auf die Reklamation: Teilweise angenommen\nAusgleich: Gutschrift\nBetrag: 1.234,56 NOK\nGutschrift: KN-7\n\nHalf of it.',
    );
    expect(answerSummary(partly, 'da')).toContain('Delvist godkendt');
    expect(answerSummary({ ...partly, compensationMode: 'replacement' }, 'en')).toContain(
      'Compensation: Replacement',
    );
    // A store's own mode has no built-in words: it reads as the store named it.
    expect(answerSummary({ ...partly, compensationMode: 'gift-card' }, 'nr')).toContain(
      'Kompensasjon: gift-card',
    );
  });

  it('leaves out what a declined answer has not, and falls back to English', () => {
    const declined = {
      ...partly,
      outcome: 'declined' as const,
      compensationMode: null,
      amountMinor: null,
      creditNoteNumber: null,
      note: null,
    };
    expect(answerSummary(declined, 'fr')).toBe('Answer to the claim: Declined');
  });
});
