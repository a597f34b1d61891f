// A supplier's answer as the text of the mail it leaves on the case's supplier lane, in the
// store's language, so that the answer reads in the thread (and in the assignee's notification)
// like an answer that came by mail.
import type { TSupplierAnswer } from '@claimdesk/contracts';

type Outcome = TSupplierAnswer['outcome'];
interface Labels {
  title: string;
  outcome: Record<Outcome, string>;
  mode: string;
  /** The built-in compensation modes in words; a store's own mode is written as it was named. */
  modes: Record<string, string>;
  amount: string;
  creditNote: string;
  locale: string;
}

const EN: Labels = {
  title: 'Answer to the claim',
  outcome: { accepted: 'Accepted', partly: 'Partly accepted', declined: 'Declined' },
  mode: 'Compensation',
  modes: { 'credit-note': 'Credit note', replacement: 'Replacement', refund: 'Refund', repair: 'Repair' },
  amount: 'Amount',
  creditNote: 'Credit note',
  locale: 'en-GB',
};

const LABELS: Partial<Record<string, Labels>> = {
  en: EN,
  nr: {
    title: 'Svar på reklamasjonen',
    outcome: { accepted: 'Godkjent', partly: 'Delvis godkjent', declined: 'Avslått' },
    mode: 'Kompensasjon',
    modes: {
      'credit-note': 'Kreditnota',
      replacement: 'Erstatningsvare',
      refund: 'Refusjon',
      repair: 'Reparasjon',
    },
    amount: 'Beløp',
    creditNote: 'Kreditnota',
    locale: 'nb-NO',
  },
  da: {
    title: 'Svar på reklamationen',
    outcome: { accepted: 'Godkendt', partly: 'Delvist godkendt', declined: 'Afvist' },
    mode: 'Kompensation',
    modes: {
      'credit-note': 'Kreditnota',
      replacement: 'Ombytning',
      refund: 'Refusion',
      repair: 'Reparation',
    },
    amount: 'Beløb',
    creditNote: 'Kreditnota',
    locale: 'da-DK',
  },
  de: {
    title: 'Antwort auf die Reklamation',
    outcome: { accepted: 'Angenommen', partly: 'Teilweise angenommen', declined: 'Abgelehnt' },
    mode: 'Ausgleich',
    modes: { 'credit-note': 'Gutschrift', replacement: 'Ersatz', refund: 'Erstattung', repair: 'Reparatur' },
    amount: 'Betrag',
    creditNote: 'Gutschrift',
    locale: 'de-DE',
  },
};

type SummaryOf = Pick<
  TSupplierAnswer,
  'outcome' | 'compensationMode' | 'amountMinor' | 'currency' | 'creditNoteNumber' | 'note'
>;

/** "Answer to the claim: Partly accepted", then the compensation, amount, credit note and note. */
export function answerSummary(answer: SummaryOf, language: string): string {
  const l = LABELS[language] ?? EN;
  const lines = [`${l.title}: ${l.outcome[answer.outcome]}`];
  if (answer.compensationMode)
    lines.push(`${l.mode}: ${l.modes[answer.compensationMode] ?? answer.compensationMode}`);
  if (answer.amountMinor !== null) {
    const amount = new Intl.NumberFormat(l.locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(answer.amountMinor / 100);
    lines.push(`${l.amount}: ${amount} ${answer.currency ?? ''}`.trimEnd());
  }
  if (answer.creditNoteNumber) lines.push(`${l.creditNote}: ${answer.creditNoteNumber}`);
  if (answer.note) lines.push('', answer.note);
  return lines.join('\n');
}
