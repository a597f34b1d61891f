import { useQueries } from '@tanstack/react-query';
import type { TMailAttachment } from '@claimdesk/contracts';
import { inlineImageQuery } from '../../api/mail-attachments';
import { cidKey } from '../../lib/mail-html';

/** The data: URLs of the inline images the HTML refers to (cid:), by Content-ID, as they arrive. */
export const useInlineImages = (html: string, attachments: TMailAttachment[]): Record<string, string> => {
  const lower = html.toLowerCase();
  const used = attachments.filter(
    (item) => item.contentId !== null && lower.includes(`cid:${cidKey(item.contentId)}`),
  );
  return useQueries({
    queries: used.map((item) => inlineImageQuery(item.filePath)),
    combine: (results) =>
      Object.fromEntries(
        results.flatMap((result, index) => {
          const contentId = used[index]?.contentId;
          return result.data && contentId ? [[cidKey(contentId), result.data]] : [];
        }),
      ),
  });
};
