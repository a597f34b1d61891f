import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment, TMailLog } from '@claimdesk/contracts';
import { intlLocale } from '../../../../lib/i18n';
import { notifyError } from '../../../../lib/notify';
import { downloadAttachment, zipAttachments } from '../../api/mail-attachments';
import { attachmentKind, canPreview, formatFileSize } from '../../lib/attachment-kind';
import { saveBlob } from '../../lib/save-blob';
import { AttachmentIcon } from './attachment-icon';
import { AttachmentPreviewModal } from './attachment-preview-modal';

const download = (attachment: TMailAttachment) =>
  downloadAttachment(attachment.filePath)
    .then((blob) => saveBlob(blob, attachment.fileName))
    .catch(notifyError);

/**
 * The files sent with a mail (inline images of its HTML are not listed): name, type icon and
 * size; images, PDFs and text open in the page, anything else downloads; all of them as a zip.
 */
export function AttachmentList({ mail }: { mail: Pick<TMailLog, 'id' | 'caseId' | 'attachments'> }) {
  const { t, i18n } = useTranslation('mail');
  const [previewed, setPreviewed] = useState<TMailAttachment | null>(null);
  const [isZipping, setZipping] = useState(false);
  const files = mail.attachments.filter((item) => !item.isInline);
  if (files.length === 0) return null;
  const locale = intlLocale(i18n.language);
  const onZip = () => {
    setZipping(true);
    zipAttachments({ mailId: mail.id, isUnmapped: mail.caseId === null })
      .then((blob) => saveBlob(blob, `mail-${mail.id}-attachments.zip`))
      .catch(notifyError)
      .finally(() => setZipping(false));
  };
  return (
    <Stack gap="xs" data-testid="mail-attachments">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t('attachments.title', { count: files.length })}
        </Text>
        {files.length > 1 && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconFileZip size={16} aria-hidden />}
            onClick={onZip}
            loading={isZipping}
          >
            {t('attachments.downloadAll')}
          </Button>
        )}
      </Group>
      <Group gap="xs">
        {files.map((file) => {
          const kind = attachmentKind(file);
          const isPreviewable = canPreview(file);
          return (
            <Paper key={file.id} withBorder px="xs" py={4} radius="sm" maw="100%">
              <Group gap={6} wrap="nowrap">
                <UnstyledButton
                  onClick={() => (isPreviewable ? setPreviewed(file) : void download(file))}
                  aria-label={isPreviewable ? t('attachments.preview', { name: file.fileName }) : undefined}
                  style={{ minWidth: 0 }}
                >
                  <Group gap={6} wrap="nowrap">
                    <AttachmentIcon kind={kind} />
                    <Text size="sm" truncate maw={220} title={file.fileName}>
                      {file.fileName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="attachment-size">
                      {formatFileSize(file.size, locale)}
                    </Text>
                  </Group>
                </UnstyledButton>
                <Tooltip label={t('attachments.download')}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    onClick={() => void download(file)}
                    aria-label={`${t('attachments.download')} ${file.fileName}`}
                  >
                    <IconDownload size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
      </Group>
      <AttachmentPreviewModal
        attachment={previewed}
        onClose={() => setPreviewed(null)}
        onDownload={(file) => void download(file)}
      />
    </Stack>
  );
}
