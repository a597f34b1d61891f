import type { TLanguage } from '@claimdesk/contracts';
import type { SystemMail } from '../../lib/system-mailer';

interface OtpMail {
  to: string;
  code: string;
  storeName: string;
  language: TLanguage;
}

const TEXTS: Record<TLanguage, { subject: (m: OtpMail) => string; body: (m: OtpMail) => string }> = {
  en: {
    subject: (m) => `Your Claimdesk sign-in code: ${m.code}`,
    body: (m) =>
      `Your one-time sign-in code for ${m.storeName} is ${m.code}.\n\nIt is valid for 10 minutes and can be used once.\nIf you did not ask for it, ignore this mail.\n`,
  },
  nr: {
    subject: (m) => `Din påloggingskode for Claimdesk: ${m.code}`,
    body: (m) =>
      `Engangskoden din for å logge på ${m.storeName} er ${m.code}.\n\nDen gjelder i 10 minutter og kan brukes én gang.\nHvis du ikke ba om den, kan du se bort fra denne e-posten.\n`,
  },
  da: {
    subject: (m) => `Din login-kode til Claimdesk: ${m.code}`,
    body: (m) =>
      `Din engangskode til at logge ind hos ${m.storeName} er ${m.code}.\n\nDen gælder i 10 minutter og kan bruges én gang.\nHvis du ikke har bedt om den, kan du se bort fra denne mail.\n`,
  },
  de: {
    subject: (m) => `Ihr Anmeldecode für Claimdesk: ${m.code}`,
    body: (m) =>
      `Ihr einmaliger Anmeldecode für ${m.storeName} lautet ${m.code}.\n\nEr ist 10 Minuten gültig und kann einmal verwendet werden.\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.\n`,
  },
};

/** The one-time sign-in code's mail, in the store's language. */
export const otpMail = (m: OtpMail): SystemMail => {
  const texts = TEXTS[m.language];
  return { to: m.to, subject: texts.subject(m), text: texts.body(m) };
};
