import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { blobToDataUrl } from '../lib/save-blob';

const detailQuery = (filePath: string) => new URLSearchParams({ attachmentDetail: filePath }).toString();

/** GET /v2/api/claims/mails/mail-attachment?attachmentDetail=: the file, for download. */
export const downloadAttachment = (filePath: string) =>
  http<Blob>(`/v2/api/claims/mails/mail-attachment?${detailQuery(filePath)}`, { responseType: 'blob' });

/** GET /v2/api/claims/mails/preview/attachment?attachmentDetail=: the file to show (HEIC comes as JPEG). */
export const previewAttachment = (filePath: string) =>
  http<Blob>(`/v2/api/claims/mails/preview/attachment?${detailQuery(filePath)}`, {
    responseType: 'blob',
    ignoreLoadingBar: true,
  });

export const attachmentPreviewQuery = (filePath: string, enabled = true) =>
  queryOptions({
    queryKey: ['mails', 'attachment-preview', filePath] as const,
    queryFn: () => previewAttachment(filePath),
    enabled,
    // The bytes of an attachment never change.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useAttachmentPreview = (filePath: string, enabled = true) =>
  useQuery(attachmentPreviewQuery(filePath, enabled));

/**
 * GET /v2/api/claims/mails/zip/{id}/attachments (a case's mail) or
 * /v2/api/unmapped-mails/zip/{id}/attachments (an unmapped one): every file of the mail as a zip.
 */
export const zipAttachments = ({ mailId, isUnmapped }: { mailId: number; isUnmapped: boolean }) =>
  http<Blob>(
    isUnmapped
      ? `/v2/api/unmapped-mails/zip/${mailId}/attachments`
      : `/v2/api/claims/mails/zip/${mailId}/attachments`,
    { responseType: 'blob' },
  );

/** An inline (cid:) image of a mail's HTML as a data: URL, which the mail's frame may show. */
export const inlineImageQuery = (filePath: string) =>
  queryOptions({
    queryKey: ['mails', 'inline-image', filePath] as const,
    queryFn: async () => blobToDataUrl(await previewAttachment(filePath)),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { silent: true },
  });
