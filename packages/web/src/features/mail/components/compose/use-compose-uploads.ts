import { useRef, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/notify';
import { uploadAttachment } from '../../api/upload-attachment';
import { formatFileSize } from '../../lib/attachment-kind';
import type { TComposeFile } from './compose-attachments';
import type { TFields } from './compose-fields';

/**
 * Files added to a mail being written: each uploaded at once with its progress, refused in place
 * past the mailbox's limit (`maxBytes`, 0: none), and stopped when taken off or discarded.
 * `onUploaded` says a file is ready (the draft saves it).
 */
export function useComposeUploads(
  maxBytes: number,
  setFields: Dispatch<SetStateAction<TFields | null>>,
  onUploaded: () => void,
) {
  const { t, i18n } = useTranslation('compose');
  const uploads = useRef(new Map<string, AbortController>());

  const patchFile = (key: string, patch: Partial<TComposeFile>) =>
    setFields((current) =>
      current
        ? { ...current, files: current.files.map((f) => (f.key === key ? { ...f, ...patch } : f)) }
        : current,
    );

  /** Adds the chosen files to `fields`' and starts their uploads; answers the entries added. */
  const addFiles = (fields: TFields, chosen: File[]): TComposeFile[] => {
    let total = fields.files.reduce((sum, f) => sum + (f.error ? 0 : f.size), 0);
    const added: TComposeFile[] = chosen.map((file, i) => {
      total += file.size;
      const isTooBig = maxBytes > 0 && total > maxBytes;
      if (isTooBig) total -= file.size;
      return {
        key: `upload-${String(Date.now())}-${String(i)}`,
        fileName: file.name,
        fileType: file.type || 'application/octet-stream',
        size: file.size,
        ...(isTooBig
          ? { error: t('attachments.tooBig', { max: formatFileSize(maxBytes, i18n.language) }) }
          : { progress: 0 }),
      };
    });
    added.forEach((entry, i) => {
      const file = chosen[i];
      if (entry.error !== undefined || !file) return;
      const controller = new AbortController();
      uploads.current.set(entry.key, controller);
      uploadAttachment(file, {
        signal: controller.signal,
        onProgress: (share) => patchFile(entry.key, { progress: share }),
      })
        .then((receipt) => {
          patchFile(entry.key, { uploadId: receipt.uploadId, progress: undefined });
          onUploaded();
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          patchFile(entry.key, { progress: undefined, error: errorText(error) });
        })
        .finally(() => uploads.current.delete(entry.key));
    });
    return added;
  };

  return {
    addFiles,
    stop: (key: string) => uploads.current.get(key)?.abort(),
    stopAll: () => uploads.current.forEach((c) => c.abort()),
  };
}
