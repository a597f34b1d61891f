import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZPreviewMailTemplateResponse, type TPreviewMailTemplateRequest } from '@claimdesk/contracts';
import { http } from '../../../lib/http';
import { MAIL_TEMPLATES_KEY } from './list-mail-templates';

/**
 * POST /v2/api/settings/mail-templates/preview: renders without saving. A read, so a query: the
 * same text, case and language is answered from the cache.
 */
export const previewMailTemplate = (body: TPreviewMailTemplateRequest, signal?: AbortSignal) =>
  http(
    '/v2/api/settings/mail-templates/preview',
    { method: 'POST', body, signal, ignoreLoadingBar: true },
    ZPreviewMailTemplateResponse,
  );

export const mailTemplatePreviewQuery = (body: TPreviewMailTemplateRequest | null) =>
  queryOptions({
    queryKey: [...MAIL_TEMPLATES_KEY, 'preview', body],
    queryFn: ({ signal }) => previewMailTemplate(body as TPreviewMailTemplateRequest, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    // A 400 (an unknown placeholder) is shown in the preview pane, not as a toast.
    meta: { silent: true },
    retry: false,
  });

export const useMailTemplatePreview = (body: TPreviewMailTemplateRequest | null) =>
  useQuery(mailTemplatePreviewQuery(body));
