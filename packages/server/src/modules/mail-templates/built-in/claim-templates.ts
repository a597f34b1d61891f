import { body, type BuiltInTemplate } from './built-in-template';

/** The built-in templates of the `claim` workflow. */
export const CLAIM_TEMPLATES: BuiltInTemplate[] = [
  {
    key: 'claim-received',
    workFlow: 'claim',
    sendType: 'customer',
    texts: {
      en: {
        subject: 'We have received your claim – case {{case.number}}',
        body: body(
          'en',
          'Dear {{customer.name}},',
          'Thank you for contacting {{store.name}}. We have received your claim and registered it under case number {{case.number}}.',
          'Items in your claim:<br>{{items}}',
          'We will look into it and get back to you as soon as possible. Please keep the case number in the subject line when you reply to this email.',
        ),
      },
      nr: {
        subject: 'Vi har mottatt reklamasjonen din – sak {{case.number}}',
        body: body(
          'nr',
          'Hei {{customer.name}},',
          'Takk for at du kontaktet {{store.name}}. Vi har mottatt reklamasjonen din og registrert den med saksnummer {{case.number}}.',
          'Varer i reklamasjonen:<br>{{items}}',
          'Vi ser på saken og kommer tilbake til deg så snart som mulig. Behold gjerne saksnummeret i emnefeltet når du svarer på denne e-posten.',
        ),
      },
      da: {
        subject: 'Vi har modtaget din reklamation – sag {{case.number}}',
        body: body(
          'da',
          'Kære {{customer.name}}',
          'Tak fordi du kontaktede {{store.name}}. Vi har modtaget din reklamation og registreret den under sagsnummer {{case.number}}.',
          'Varer i reklamationen:<br>{{items}}',
          'Vi undersøger sagen og vender tilbage til dig hurtigst muligt. Bevar venligst sagsnummeret i emnefeltet, når du besvarer denne e-mail.',
        ),
      },
      de: {
        subject: 'Ihre Reklamation ist bei uns eingegangen – Vorgang {{case.number}}',
        body: body(
          'de',
          'Guten Tag {{customer.name}},',
          'vielen Dank, dass Sie sich an {{store.name}} gewandt haben. Wir haben Ihre Reklamation erhalten und unter der Vorgangsnummer {{case.number}} erfasst.',
          'Reklamierte Artikel:<br>{{items}}',
          'Wir prüfen Ihr Anliegen und melden uns so bald wie möglich bei Ihnen. Bitte lassen Sie die Vorgangsnummer im Betreff stehen, wenn Sie auf diese E-Mail antworten.',
        ),
      },
    },
  },
  {
    key: 'claim-update',
    workFlow: 'claim',
    sendType: 'customer',
    texts: {
      en: {
        subject: 'Update on your claim – case {{case.number}}',
        body: body(
          'en',
          'Dear {{customer.name}},',
          'Here is an update on your claim with case number {{case.number}}. Its current status is: <strong>{{case.status}}</strong>.',
          'If you have any questions, simply reply to this email.',
        ),
      },
      nr: {
        subject: 'Oppdatering om reklamasjonen din – sak {{case.number}}',
        body: body(
          'nr',
          'Hei {{customer.name}},',
          'Her er en oppdatering om reklamasjonen din med saksnummer {{case.number}}. Status nå er: <strong>{{case.status}}</strong>.',
          'Har du spørsmål, kan du bare svare på denne e-posten.',
        ),
      },
      da: {
        subject: 'Opdatering om din reklamation – sag {{case.number}}',
        body: body(
          'da',
          'Kære {{customer.name}}',
          'Her er en opdatering om din reklamation med sagsnummer {{case.number}}. Den aktuelle status er: <strong>{{case.status}}</strong>.',
          'Har du spørgsmål, kan du blot besvare denne e-mail.',
        ),
      },
      de: {
        subject: 'Neuigkeiten zu Ihrer Reklamation – Vorgang {{case.number}}',
        body: body(
          'de',
          'Guten Tag {{customer.name}},',
          'wir möchten Sie über den Stand Ihrer Reklamation mit der Vorgangsnummer {{case.number}} informieren. Der aktuelle Status lautet: <strong>{{case.status}}</strong>.',
          'Bei Fragen antworten Sie einfach auf diese E-Mail.',
        ),
      },
    },
  },
  {
    key: 'supplier-request',
    workFlow: 'claim',
    sendType: 'supplier',
    texts: {
      en: {
        subject: 'Claim {{case.number}} from {{store.name}}',
        body: body(
          'en',
          'Dear {{supplier.name}},',
          'One of our customers has made a claim concerning the following items:<br>{{items}}',
          'Order reference: {{order.reference}}<br>Our case number: {{case.number}}',
          'Please let us know how you would like us to proceed: whether the items should be returned to you, repaired or replaced, or whether you will issue a credit note.',
          'Please quote our case number {{case.number}} in your reply.',
        ),
      },
      nr: {
        subject: 'Reklamasjon {{case.number}} fra {{store.name}}',
        body: body(
          'nr',
          'Hei {{supplier.name}},',
          'En av våre kunder har reklamert på følgende varer:<br>{{items}}',
          'Ordrereferanse: {{order.reference}}<br>Vårt saksnummer: {{case.number}}',
          'Gi oss beskjed om hvordan dere ønsker at vi går videre: om varene skal returneres til dere, repareres eller erstattes, eller om dere utsteder en kreditnota.',
          'Vennligst oppgi vårt saksnummer {{case.number}} når dere svarer.',
        ),
      },
      da: {
        subject: 'Reklamation {{case.number}} fra {{store.name}}',
        body: body(
          'da',
          'Kære {{supplier.name}}',
          'En af vores kunder har reklameret over følgende varer:<br>{{items}}',
          'Ordrereference: {{order.reference}}<br>Vores sagsnummer: {{case.number}}',
          'Giv os venligst besked om, hvordan I ønsker, at vi går videre: om varerne skal returneres til jer, repareres eller ombyttes, eller om I udsteder en kreditnota.',
          'Angiv venligst vores sagsnummer {{case.number}} i jeres svar.',
        ),
      },
      de: {
        subject: 'Reklamation {{case.number}} von {{store.name}}',
        body: body(
          'de',
          'Sehr geehrte Damen und Herren,',
          'einer unserer Kunden hat folgende Artikel von {{supplier.name}} reklamiert:<br>{{items}}',
          'Bestellnummer: {{order.reference}}<br>Unsere Vorgangsnummer: {{case.number}}',
          'Bitte teilen Sie uns mit, wie wir weiter verfahren sollen: ob die Artikel an Sie zurückgeschickt, repariert oder ersetzt werden sollen oder ob Sie eine Gutschrift ausstellen.',
          'Bitte geben Sie in Ihrer Antwort unsere Vorgangsnummer {{case.number}} an.',
        ),
      },
    },
  },
  {
    key: 'claim-forward',
    workFlow: 'claim',
    sendType: 'forward',
    texts: {
      en: {
        subject: 'Fwd: claim {{case.number}} – {{customer.name}}',
        body: body(
          'en',
          'Hello,',
          'I am forwarding claim {{case.number}} from {{customer.name}} ({{customer.email}}) for your attention.',
          'Status: {{case.status}}<br>Order reference: {{order.reference}}<br>Items:<br>{{items}}',
        ),
      },
      nr: {
        subject: 'Videresendt: reklamasjon {{case.number}} – {{customer.name}}',
        body: body(
          'nr',
          'Hei,',
          'Jeg videresender reklamasjon {{case.number}} fra {{customer.name}} ({{customer.email}}) til din oppfølging.',
          'Status: {{case.status}}<br>Ordrereferanse: {{order.reference}}<br>Varer:<br>{{items}}',
        ),
      },
      da: {
        subject: 'Videresendt: reklamation {{case.number}} – {{customer.name}}',
        body: body(
          'da',
          'Hej',
          'Jeg videresender reklamation {{case.number}} fra {{customer.name}} ({{customer.email}}) til din opfølgning.',
          'Status: {{case.status}}<br>Ordrereference: {{order.reference}}<br>Varer:<br>{{items}}',
        ),
      },
      de: {
        subject: 'WG: Reklamation {{case.number}} – {{customer.name}}',
        body: body(
          'de',
          'Hallo,',
          'ich leite Ihnen die Reklamation {{case.number}} von {{customer.name}} ({{customer.email}}) zur weiteren Bearbeitung weiter.',
          'Status: {{case.status}}<br>Bestellnummer: {{order.reference}}<br>Artikel:<br>{{items}}',
        ),
      },
    },
  },
];
