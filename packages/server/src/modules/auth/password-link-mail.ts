import type { TLanguage } from '@claimdesk/contracts';
import type { SystemMail } from '../../lib/system-mailer';

export type PasswordLinkKind = 'reset' | 'invite';

interface LinkMail {
  to: string;
  kind: PasswordLinkKind;
  link: string;
  storeName: string;
  /** The person's first name, for the greeting. */
  firstName: string;
  /** Who invited them, for an invitation. */
  invitedBy?: string;
  language: TLanguage;
}

type Texts = Record<
  PasswordLinkKind,
  { subject: (m: LinkMail) => string; body: (m: LinkMail) => string; validity: string }
>;

const hello: Record<TLanguage, (name: string) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  nr: (name) => (name ? `Hei ${name},` : 'Hei,'),
  da: (name) => (name ? `Hej ${name},` : 'Hej,'),
  de: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
};

const notYou: Record<TLanguage, string> = {
  en: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  nr: 'Hvis du ikke ba om dette, kan du se bort fra denne e-posten: passordet ditt forblir uendret.',
  da: 'Hvis du ikke har bedt om dette, kan du se bort fra denne mail: din adgangskode forbliver uændret.',
  de: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
};

const TEXTS: Record<TLanguage, Texts> = {
  en: {
    reset: {
      subject: (m) => `Set a new password for ${m.storeName}`,
      body: (m) =>
        `Someone asked to set a new password for your Claimdesk account ${m.to} at ${m.storeName}.`,
      validity: 'Open this link to choose a new password. It is valid for 60 minutes and can be used once:',
    },
    invite: {
      subject: (m) => `You are invited to ${m.storeName} on Claimdesk`,
      body: (m) => `${m.invitedBy ?? 'An administrator'} invited you to work in ${m.storeName} on Claimdesk.`,
      validity: 'Open this link to choose your password. It is valid for 7 days and can be used once:',
    },
  },
  nr: {
    reset: {
      subject: (m) => `Velg et nytt passord for ${m.storeName}`,
      body: (m) => `Noen ba om å velge et nytt passord for Claimdesk-kontoen din ${m.to} i ${m.storeName}.`,
      validity:
        'Åpne denne lenken for å velge et nytt passord. Den gjelder i 60 minutter og kan brukes én gang:',
    },
    invite: {
      subject: (m) => `Du er invitert til ${m.storeName} i Claimdesk`,
      body: (m) =>
        `${m.invitedBy ?? 'En administrator'} har invitert deg til å jobbe i ${m.storeName} i Claimdesk.`,
      validity: 'Åpne denne lenken for å velge passordet ditt. Den gjelder i 7 dager og kan brukes én gang:',
    },
  },
  da: {
    reset: {
      subject: (m) => `Vælg en ny adgangskode til ${m.storeName}`,
      body: (m) =>
        `Nogen har bedt om at vælge en ny adgangskode til din Claimdesk-konto ${m.to} i ${m.storeName}.`,
      validity:
        'Åbn dette link for at vælge en ny adgangskode. Det gælder i 60 minutter og kan bruges én gang:',
    },
    invite: {
      subject: (m) => `Du er inviteret til ${m.storeName} i Claimdesk`,
      body: (m) =>
        `${m.invitedBy ?? 'En administrator'} har inviteret dig til at arbejde i ${m.storeName} i Claimdesk.`,
      validity: 'Åbn dette link for at vælge din adgangskode. Det gælder i 7 dage og kan bruges én gang:',
    },
  },
  de: {
    reset: {
      subject: (m) => `Neues Passwort für ${m.storeName} festlegen`,
      body: (m) =>
        `Jemand hat angefordert, ein neues Passwort für Ihr Claimdesk-Konto ${m.to} bei ${m.storeName} festzulegen.`,
      validity:
        'Öffnen Sie diesen Link, um ein neues Passwort zu wählen. Er ist 60 Minuten gültig und kann einmal verwendet werden:',
    },
    invite: {
      subject: (m) => `Sie sind zu ${m.storeName} in Claimdesk eingeladen`,
      body: (m) =>
        `${m.invitedBy ?? 'Ein Administrator'} hat Sie eingeladen, in ${m.storeName} mit Claimdesk zu arbeiten.`,
      validity:
        'Öffnen Sie diesen Link, um Ihr Passwort zu wählen. Er ist 7 Tage gültig und kann einmal verwendet werden:',
    },
  },
};

/** The mail with a link to choose a password, in the store's language. */
export function passwordLinkMail(m: LinkMail): SystemMail {
  const texts = TEXTS[m.language][m.kind];
  const lines = [
    hello[m.language](m.firstName),
    '',
    texts.body(m),
    texts.validity,
    '',
    m.link,
    '',
    ...(m.kind === 'reset' ? [notYou[m.language], ''] : []),
  ];
  return { to: m.to, subject: texts.subject(m), text: lines.join('\n') };
}
