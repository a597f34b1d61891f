import {
  LANGUAGES,
  type TLanguage,
  type TMailTemplate,
  type TMailTemplateSendType,
} from '@claimdesk/contracts';
import { BUILT_IN_TEMPLATES, findBuiltInTemplate } from './built-in/built-in-templates';
import type { MailTemplateRow } from './mail-templates.repository';

export interface TemplateFilter {
  workFlow?: string;
  sendType?: TMailTemplateSendType;
  language?: TLanguage;
}

export function fromRow(row: MailTemplateRow): TMailTemplate {
  return {
    id: row.id,
    key: row.key,
    workFlow: row.workFlow,
    sendType: row.sendType as TMailTemplateSendType,
    language: row.language as TLanguage,
    subject: row.subject,
    body: row.body,
    isBuiltIn: false,
    hasBuiltIn: findBuiltInTemplate(row.key) !== undefined,
    isDisabled: row.isDisabled,
    version: row.version,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const languageOrder = (language: string) => LANGUAGES.indexOf(language as TLanguage);

/**
 * The built-in templates (of the workflows `isOffered` accepts) merged with the store's own: a
 * store template replaces the built-in one with its key and language. Sorted by workflow, key,
 * then language in the product's order.
 */
export function mergeTemplates(
  own: MailTemplateRow[],
  filter: TemplateFilter,
  isOffered: (workFlow: string) => boolean,
): TMailTemplate[] {
  const ownByKey = new Map(own.map((row) => [`${row.key}/${row.language}`, row]));
  const merged: TMailTemplate[] = own.map(fromRow);
  for (const template of BUILT_IN_TEMPLATES) {
    if (!isOffered(template.workFlow)) continue;
    if (filter.workFlow !== undefined && template.workFlow !== filter.workFlow) continue;
    if (filter.sendType !== undefined && template.sendType !== filter.sendType) continue;
    for (const language of LANGUAGES) {
      if (filter.language !== undefined && language !== filter.language) continue;
      if (ownByKey.has(`${template.key}/${language}`)) continue;
      merged.push({
        id: null,
        key: template.key,
        workFlow: template.workFlow,
        sendType: template.sendType,
        language,
        ...template.texts[language],
        isBuiltIn: true,
        hasBuiltIn: true,
        isDisabled: false,
        version: 0,
        updatedBy: null,
        updatedAt: null,
      });
    }
  }
  return merged.sort(
    (a, b) =>
      a.workFlow.localeCompare(b.workFlow) ||
      a.key.localeCompare(b.key) ||
      languageOrder(a.language) - languageOrder(b.language),
  );
}
