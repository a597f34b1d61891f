import { Button, Center, Image, Loader, Modal, SimpleGrid, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment, TMailLog } from '@claimdesk/contracts';
import { notifyError } from '../../../../lib/notify';
import { downloadAttachment, useAttachmentPreview } from '../../api/mail-attachments';
import { attachmentKind } from '../../lib/attachment-kind';
import { saveBlob } from '../../lib/save-blob';
import { AttachmentPreviewModal } from '../attachments/attachment-preview-modal';
import { useObjectUrl } from '../attachments/use-object-url';

function Thumbnail({ image, onOpen }: { image: TMailAttachment; onOpen: () => void }) {
  const { t } = useTranslation('mail');
  const preview = useAttachmentPreview(image.filePath);
  const url = useObjectUrl(preview.data);
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('attachments.preview', { name: image.fileName })}
      className="mantine-focus-auto"
      style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
    >
      {url ? (
        <Image src={url} alt={image.fileName} h={120} fit="cover" radius="sm" />
      ) : (
        <Center h={120} bg="var(--mantine-color-default-hover)">
          {preview.isError ? <IconPhoto size={28} aria-hidden /> : <Loader size="sm" />}
        </Center>
      )}
    </UnstyledButton>
  );
}

/** Every image sent with the case's mails, in one grid. */
export function MailGallery({ mails }: { mails: TMailLog[] }) {
  const { t } = useTranslation('mail');
  const [isOpen, setOpen] = useState(false);
  const [previewed, setPreviewed] = useState<TMailAttachment | null>(null);
  const images = mails.flatMap((mail) =>
    mail.attachments.filter((item) => !item.isInline && attachmentKind(item) === 'image'),
  );
  if (images.length === 0) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconPhoto size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('thread.gallery')} ({images.length})
      </Button>
      <Modal
        opened={isOpen && previewed === null}
        onClose={() => setOpen(false)}
        size="xl"
        title={t('thread.galleryTitle')}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
          {isOpen &&
            images.map((image) => (
              <Thumbnail key={image.filePath} image={image} onOpen={() => setPreviewed(image)} />
            ))}
        </SimpleGrid>
      </Modal>
      <AttachmentPreviewModal
        attachment={previewed}
        onClose={() => setPreviewed(null)}
        onDownload={(file) =>
          void downloadAttachment(file.filePath)
            .then((blob) => saveBlob(blob, file.fileName))
            .catch(notifyError)
        }
      />
    </>
  );
}
