import { body, type BuiltInTemplate } from './built-in-template';

/** The built-in templates of the `support` workflow. */
export const SUPPORT_TEMPLATES: BuiltInTemplate[] = [
  {
    key: 'support-received',
    workFlow: 'support',
    sendType: 'customer',
    texts: {
      en: {
        subject: 'We have received your enquiry – case {{case.number}}',
        body: body(
          'en',
          'Dear {{customer.name}},',
          'Thank you for contacting {{store.name}}. We have received your enquiry and registered it under case number {{case.number}}. We will get back to you as soon as possible.',
        ),
      },
      nr: {
        subject: 'Vi har mottatt henvendelsen din – sak {{case.number}}',
        body: body(
          'nr',
          'Hei {{customer.name}},',
          'Takk for at du kontaktet {{store.name}}. Vi har mottatt henvendelsen din og registrert den med saksnummer {{case.number}}. Vi kommer tilbake til deg så snart som mulig.',
        ),
      },
      da: {
        subject: 'Vi har modtaget din henvendelse – sag {{case.number}}',
        body: body(
          'da',
          'Kære {{customer.name}}',
          'Tak fordi du kontaktede {{store.name}}. Vi har modtaget din henvendelse og registreret den under sagsnummer {{case.number}}. Vi vender tilbage til dig hurtigst muligt.',
        ),
      },
      de: {
        subject: 'Ihre Anfrage ist bei uns eingegangen – Vorgang {{case.number}}',
        body: body(
          'de',
          'Guten Tag {{customer.name}},',
          'vielen Dank, dass Sie sich an {{store.name}} gewandt haben. Wir haben Ihre Anfrage erhalten und unter der Vorgangsnummer {{case.number}} erfasst. Wir melden uns so bald wie möglich bei Ihnen.',
        ),
      },
    },
  },
  {
    key: 'support-reply',
    workFlow: 'support',
    sendType: 'customer',
    texts: {
      en: {
        subject: 'Your enquiry to {{store.name}} – case {{case.number}}',
        body: body(
          'en',
          'Dear {{customer.name}},',
          'Thank you for your message.',
          'If you have any further questions, simply reply to this email and we will be happy to help.',
        ),
      },
      nr: {
        subject: 'Din henvendelse til {{store.name}} – sak {{case.number}}',
        body: body(
          'nr',
          'Hei {{customer.name}},',
          'Takk for meldingen din.',
          'Har du flere spørsmål, er det bare å svare på denne e-posten, så hjelper vi deg gjerne.',
        ),
      },
      da: {
        subject: 'Din henvendelse til {{store.name}} – sag {{case.number}}',
        body: body(
          'da',
          'Kære {{customer.name}}',
          'Tak for din besked.',
          'Har du yderligere spørgsmål, kan du blot besvare denne e-mail, så hjælper vi dig gerne.',
        ),
      },
      de: {
        subject: 'Ihre Anfrage an {{store.name}} – Vorgang {{case.number}}',
        body: body(
          'de',
          'Guten Tag {{customer.name}},',
          'vielen Dank für Ihre Nachricht.',
          'Wenn Sie weitere Fragen haben, antworten Sie einfach auf diese E-Mail – wir helfen Ihnen gern weiter.',
        ),
      },
    },
  },
];
