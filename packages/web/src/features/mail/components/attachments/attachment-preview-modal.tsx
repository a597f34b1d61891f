import { Alert, Button, Center, Group, Image, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment } from '@claimdesk/contracts';
import { useAttachmentPreview } from '../../api/mail-attachments';
import { attachmentKind } from '../../lib/attachment-kind';
import { useObjectUrl } from './use-object-url';

const useBlobText = (blob: Blob | undefined, enabled: boolean): string | null => {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || !enabled) return;
    let isCurrent = true;
    void blob.text().then((value) => isCurrent && setText(value));
    return () => {
      isCurrent = false;
    };
  }, [blob, enabled]);
  return text;
};

/**
 * A PDF in the browser's own viewer, in a frame on a blob URL. Where the page's policy does not
 * allow framing blob URLs, it says so and offers the viewer in a new tab.
 */
function PdfPreview({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation('mail');
  const [isBlocked, setBlocked] = useState(false);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI === url || event.blockedURI === 'blob') setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);
  const openButton = (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener"
      variant="light"
      leftSection={<IconExternalLink size={16} aria-hidden />}
    >
      {t('attachments.openInTab')}
    </Button>
  );
  if (isBlocked)
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text size="sm" c="dimmed" ta="center">
          {t('attachments.pdfInTab')}
        </Text>
        {openButton}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <iframe
        src={url}
        title={fileName}
        style={{ width: '100%', height: '70vh', border: 0, display: 'block' }}
      />
      <Group justify="flex-start">{openButton}</Group>
    </Stack>
  );
}

function PreviewBody({ attachment }: { attachment: TMailAttachment }) {
  const { t } = useTranslation('mail');
  const kind = attachmentKind(attachment);
  const preview = useAttachmentPreview(attachment.filePath);
  const url = useObjectUrl(preview.data);
  const text = useBlobText(preview.data, kind === 'text');
  if (preview.isError) return <Alert color="red">{t('attachments.previewFailed')}</Alert>;
  if (!url || (kind === 'text' && text === null))
    return (
      <Center h={200} aria-label={t('attachments.loading')}>
        <Loader />
      </Center>
    );
  if (kind === 'pdf') return <PdfPreview url={url} fileName={attachment.fileName} />;
  if (kind === 'text')
    return (
      <ScrollArea.Autosize mah="70vh">
        <Text
          component="pre"
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}
        >
          {text}
        </Text>
      </ScrollArea.Autosize>
    );
  return <Image src={url} alt={attachment.fileName} fit="contain" mah="75vh" />;
}

interface Props {
  attachment: TMailAttachment | null;
  onClose: () => void;
  onDownload: (attachment: TMailAttachment) => void;
}

/** Shows an image, a PDF (in the browser's own viewer) or a text file in the page. */
export function AttachmentPreviewModal({ attachment, onClose, onDownload }: Props) {
  const { t } = useTranslation('mail');
  return (
    <Modal
      opened={attachment !== null}
      onClose={onClose}
      size="xl"
      title={attachment?.fileName}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {attachment && (
        <>
          <PreviewBody attachment={attachment} />
          <Group justify="flex-end" mt="sm">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => onDownload(attachment)}
            >
              {t('attachments.download')}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
