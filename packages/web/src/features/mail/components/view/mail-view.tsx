import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailLog } from '@claimdesk/contracts';
import { isHttpError } from '../../../../lib/http-error';
import { notifyError, notifyFailure, notifySuccess } from '../../../../lib/notify';
import { useSession } from '../../../../lib/session';
import { useAllowSenderImages, useImageSenders } from '../../api/image-senders';
import { getMailSource } from '../../api/mail-source';
import { useResendMail } from '../../api/resend-mail';
import { buildSrcdoc } from '../../lib/mail-html';
import { splitMailText } from '../../lib/mail-text';
import { fileNameFrom, saveBlob } from '../../lib/save-blob';
import { AttachmentList } from '../attachments/attachment-list';
import { MailHeader } from './mail-header';
import { MailHtmlFrame } from './mail-html-frame';
import { MailTextBody } from './mail-text-body';
import { RemoteImagesBar } from './remote-images-bar';

/** Whether the mail has quoted history or a long signature to fold. */
const hasFoldable = (mail: TMailLog): boolean => {
  if (mail.html)
    return buildSrcdoc({ html: mail.html, showRemoteImages: false, showQuoted: true, inlineImages: {} })
      .hasQuoted;
  return splitMailText(mail.text ?? '').some((segment) => segment.kind !== 'text');
};

/**
 * One mail, read safely: HTML in a sandboxed frame with remote images blocked until the reader
 * allows them (for this mail or always for the sender), plain text with its links, quoted
 * history folded, attachments, and for an outgoing mail its state and a Resend when it failed.
 */
export function MailView({ mail, actions }: { mail: TMailLog; actions?: ReactNode }) {
  const { t } = useTranslation('mail');
  const { grantType } = useSession();
  const hasPreferences = grantType === 'password';
  const [isShowingImages, setShowingImages] = useState(false);
  const [isShowingQuoted, setShowingQuoted] = useState(false);
  const [isLoadingSource, setLoadingSource] = useState(false);
  const sender = mail.from?.address.toLowerCase() ?? '';
  const imageSenders = useImageSenders(hasPreferences && mail.hasBlockedImages && sender !== '');
  const allowSender = useAllowSenderImages({
    mutationConfig: { onSuccess: (_, address) => notifySuccess(t('view.alwaysSaved', { address })) },
  });
  const resend = useResendMail({
    mutationConfig: {
      meta: { handlesErrors: true },
      onSuccess: () => notifySuccess(t('view.resent')),
      onError: (error) => {
        // 409: it may have been delivered (a person decides), the sending address is not a
        // confirmed mailbox, or the mail is on its way already.
        if (isHttpError(error) && error.status === 409 && error.fieldErrors.confirm)
          modals.openConfirmModal({
            title: t('view.resendConfirmTitle'),
            children: <Text size="sm">{t('view.resendConfirmText')}</Text>,
            labels: { confirm: t('view.resendConfirm'), cancel: t('view.resendCancel') },
            onConfirm: () => resend.mutate({ id: mail.id, confirm: true }),
          });
        else if (isHttpError(error) && error.status === 409)
          notifyFailure(t(error.fieldErrors.from ? 'errors.resendUnconfirmed' : 'errors.resendPending'));
        else notifyError(error);
      },
    },
  });
  const isFoldable = useMemo(() => hasFoldable(mail), [mail]);
  const showRemote = isShowingImages || (sender !== '' && imageSenders.includes(sender));

  const onViewSource = () => {
    setLoadingSource(true);
    getMailSource(mail.id)
      .then((blob) => saveBlob(blob, fileNameFrom(mail.subject, `mail-${mail.id}`, 'eml')))
      .catch((error: unknown) => {
        if (isHttpError(error) && error.status === 404) notifyFailure(t('errors.sourceMissing'));
        else notifyError(error);
      })
      .finally(() => setLoadingSource(false));
  };
  const onAlways = () => allowSender.mutate(sender);

  return (
    <Stack gap="sm" data-testid="mail-view">
      <MailHeader
        mail={mail}
        onViewSource={onViewSource}
        isLoadingSource={isLoadingSource}
        actions={actions}
      />
      {mail.direction === 'out' && mail.sendState === 'failed' && (
        <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {mail.sendError ? t('view.failedWithError', { error: mail.sendError }) : t('view.failed')}
            </Text>
            <Button
              size="compact-sm"
              color="red"
              onClick={() => resend.mutate({ id: mail.id })}
              loading={resend.isPending}
            >
              {t('view.resend')}
            </Button>
          </Group>
        </Alert>
      )}
      {mail.parseState === 'unparseable' && (
        <Alert color="yellow" variant="light" p="xs">
          <Text size="sm">{t('view.unparseable')}</Text>
        </Alert>
      )}
      {mail.html && mail.hasBlockedImages && !showRemote && (
        <RemoteImagesBar
          onShow={() => setShowingImages(true)}
          onAlways={hasPreferences && sender ? onAlways : undefined}
          isSaving={allowSender.isPending}
        />
      )}
      <Divider />
      {mail.html ? (
        <MailHtmlFrame
          html={mail.html}
          attachments={mail.attachments}
          showRemoteImages={showRemote}
          showQuoted={isShowingQuoted}
        />
      ) : mail.text ? (
        <MailTextBody text={mail.text} showQuoted={isShowingQuoted} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('view.noContent')}
        </Text>
      )}
      {isFoldable && (
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            onClick={() => setShowingQuoted((shown) => !shown)}
            leftSection={isShowingQuoted ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={isShowingQuoted}
          >
            {isShowingQuoted ? t('view.hideQuoted') : t('view.showQuoted')}
          </Button>
        </Group>
      )}
      <AttachmentList mail={mail} />
    </Stack>
  );
}
