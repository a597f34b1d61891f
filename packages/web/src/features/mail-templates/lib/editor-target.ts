import type { TLanguage, TMailTemplate, TMailTemplateSendType } from '@claimdesk/contracts';

/** What the editor opens: a template that exists (built-in or the store's), or a new one. */
export type TEditorTarget =
  | { kind: 'existing'; template: TMailTemplate }
  | {
      kind: 'new';
      /** A new language of an existing key: its key, workflow and send type are fixed. */
      base: { key: string; workFlow: string; sendType: TMailTemplateSendType } | null;
      /** The key's text in another language, to translate from. */
      source: TMailTemplate | null;
      language: TLanguage | null;
      /** The languages the key has no template in yet (all for a new key). */
      languages: readonly TLanguage[];
    };

/** The form's values. */
export interface TTemplateForm {
  key: string;
  workFlow: string;
  sendType: TMailTemplateSendType;
  language: TLanguage;
  subject: string;
  body: string;
  isDisabled: boolean;
}

export const formValuesOf = (target: TEditorTarget, fallbackWorkFlow: string): TTemplateForm =>
  target.kind === 'existing'
    ? {
        key: target.template.key,
        workFlow: target.template.workFlow,
        sendType: target.template.sendType,
        language: target.template.language,
        subject: target.template.subject,
        body: target.template.body,
        isDisabled: target.template.isDisabled,
      }
    : {
        key: target.base?.key ?? '',
        workFlow: target.base?.workFlow ?? fallbackWorkFlow,
        sendType: target.base?.sendType ?? 'customer',
        language: target.language ?? target.languages[0] ?? 'en',
        subject: target.source?.subject ?? '',
        body: target.source?.body ?? '',
        isDisabled: false,
      };
