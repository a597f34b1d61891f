import { z } from 'zod';
import { ZWorkFlow } from '../../cases/case';
import { ZLanguage } from '../../languages';
import { ZMailTemplateList, ZMailTemplateSendType } from './mail-template';

/**
 * GET /v2/api/settings/initial-properties/mail-templates/{workFlow} (source, section 7): the
 * templates offered when composing a mail of that workflow, built-in ones merged with the
 * store's own (the store's win; disabled ones are left out). Unknown workflow: 404.
 */
export const ZListWorkflowMailTemplatesParams = z.object({ workFlow: ZWorkFlow });
export type TListWorkflowMailTemplatesParams = z.infer<typeof ZListWorkflowMailTemplatesParams>;
export const ZListWorkflowMailTemplatesQuery = z.object({
  language: ZLanguage.optional(),
  sendType: ZMailTemplateSendType.optional(),
});
export type TListWorkflowMailTemplatesQuery = z.infer<typeof ZListWorkflowMailTemplatesQuery>;
export const ZListWorkflowMailTemplatesResponse = ZMailTemplateList;

/**
 * GET /v2/api/settings/mail-templates: the settings screen's list, disabled templates included,
 * sorted by workflow, key and language. Every filter is optional.
 */
export const ZListMailTemplatesQuery = z.object({
  workFlow: ZWorkFlow.optional(),
  language: ZLanguage.optional(),
  sendType: ZMailTemplateSendType.optional(),
});
export type TListMailTemplatesQuery = z.infer<typeof ZListMailTemplatesQuery>;
export const ZListMailTemplatesResponse = ZMailTemplateList;
