import type { TLanguage, TMailTemplateSendType } from '@claimdesk/contracts';

/** A template shipped with the product, in every language; a store may override it per language. */
export interface BuiltInTemplate {
  key: string;
  workFlow: string;
  sendType: TMailTemplateSendType;
  texts: Record<TLanguage, { subject: string; body: string }>;
}

/** The closing every built-in template ends with: the staff member's name, then the store's. */
export const SIGNATURE: Record<TLanguage, string> = {
  en: '<p>Kind regards,<br>{{user.name}}<br>{{store.name}}</p>',
  nr: '<p>Med vennlig hilsen<br>{{user.name}}<br>{{store.name}}</p>',
  da: '<p>Med venlig hilsen<br>{{user.name}}<br>{{store.name}}</p>',
  de: '<p>Mit freundlichen Grüßen<br>{{user.name}}<br>{{store.name}}</p>',
};

/** The paragraphs of a body, closed by the signature. */
export const body = (language: TLanguage, ...paragraphs: string[]): string =>
  [...paragraphs.map((p) => `<p>${p}</p>`), SIGNATURE[language]].join('\n');
