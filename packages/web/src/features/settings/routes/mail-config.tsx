import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBrandGoogle, IconBrandWindows, IconMailCog, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { TMailbox, TOAuthProvider } from '@claimdesk/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { ADMIN_ROLES, hasAnyRole } from '../../../lib/constants';
import { isHttpError } from '../../../lib/http-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useDeleteMailbox } from '../api/delete-mailbox';
import { useOAuthAuthorizeUrl } from '../api/get-oauth-authorize-url';
import { useOAuthProviders } from '../api/list-oauth-providers';
import { useMailboxSettings } from '../api/list-mailboxes';
import { useRemoveAuthorization } from '../api/remove-authorization';
import { useSetMailboxEnabled } from '../api/set-mailbox-enabled';
import { MailboxCard, type TMailboxActions } from '../components/mailbox-card';
import { MailboxFormModal } from '../components/mailbox-form-modal';
import { MailboxSignatureModal } from '../components/mailbox-signature-modal';
import { notifyRefusal } from '../lib/refusal';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /settings/mail-config: the store's mailboxes (administrators: ADMIN_USER and super admins). */
export function MailConfigRoute() {
  const { t } = useTranslation('mailConfig');
  useDocumentTitle(t('title'));
  const { identity } = useSession();
  const isAdmin = hasAnyRole(identity?.authorities ?? [], ADMIN_ROLES);
  const mailboxes = useMailboxSettings(isAdmin);
  const [editing, setEditing] = useState<{ mailbox: TMailbox | null } | null>(null);
  const [signing, setSigning] = useState<TMailbox | null>(null);
  const handled = { mutationConfig: { meta: { handlesErrors: true } } } as const;
  const setEnabled = useSetMailboxEnabled(handled);
  const remove = useDeleteMailbox(handled);
  const removeAuthorization = useRemoveAuthorization(handled);
  const authorizeUrl = useOAuthAuthorizeUrl(handled);
  // Only the sign-ins the server is set up for: a button that cannot work is not offered.
  const providers = useOAuthProviders(isAdmin).data?.providers ?? [];
  if (!isAdmin) return <Navigate to="/access-denied" replace />;

  const onSignIn = (provider: TOAuthProvider) =>
    authorizeUrl.mutate(provider, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        // Not set up on this server (409): the setting's name is for the operator, not for the store.
        if (isHttpError(error) && error.status === 409)
          notifyFailure(t('connect.unavailable', { provider: t(`provider.${provider}`) }));
        else notifyRefusal(error);
      },
    });

  const confirm = (title: string, question: string, label: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: label, cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red.9' },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm,
    });

  const actions: TMailboxActions = {
    onEdit: (mailbox) => setEditing({ mailbox }),
    onSignature: (mailbox) => setSigning(mailbox),
    onSignIn,
    onToggle: (mailbox, isEnabled) =>
      setEnabled.mutate(
        { id: mailbox.id, isEnabled },
        {
          onSuccess: () =>
            notifySuccess(
              t(isEnabled ? 'confirm.enabled' : 'confirm.disabled', { address: mailbox.address }),
            ),
          onError: notifyRefusal,
        },
      ),
    onDelete: ({ id, address }) =>
      confirm(t('confirm.deleteTitle'), t('confirm.deleteQuestion', { address }), t('confirm.delete'), () =>
        remove.mutate(id, {
          onSuccess: () => notifySuccess(t('confirm.deleted', { address })),
          onError: notifyRefusal,
        }),
      ),
    onRemoveAuthorization: ({ id, address }, provider) => {
      const providerName = t(`provider.${provider}`);
      confirm(
        t('confirm.removeTitle'),
        t('confirm.removeQuestion', { address, provider: providerName }),
        t('confirm.remove'),
        () =>
          removeAuthorization.mutate(id, {
            onSuccess: () => notifySuccess(t('confirm.removed', { address })),
            onError: notifyRefusal,
          }),
      );
    },
  };

  const connectButtons = (
    <>
      {providers.includes('google') && (
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          onClick={() => onSignIn('google')}
          loading={authorizeUrl.isPending && authorizeUrl.variables === 'google'}
        >
          {t('connect.google')}
        </Button>
      )}
      {providers.includes('microsoft') && (
        <Button
          variant="default"
          leftSection={<IconBrandWindows size={18} aria-hidden />}
          onClick={() => onSignIn('microsoft')}
          loading={authorizeUrl.isPending && authorizeUrl.variables === 'microsoft'}
        >
          {t('connect.microsoft')}
        </Button>
      )}
    </>
  );
  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ mailbox: null })}>
      {t('add')}
    </Button>
  );

  const isEmpty = mailboxes.data?.length === 0;
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          // With no mailbox yet, the empty state offers the same buttons.
          isEmpty ? undefined : (
            <>
              {connectButtons}
              {addButton}
            </>
          )
        }
      />
      {mailboxes.isLoading && <Skeleton height={160} radius="md" />}
      {mailboxes.isError && (
        <Alert color="red" variant="light">
          {t('loadFailed')}
        </Alert>
      )}
      {isEmpty && (
        <EmptyState
          icon={<IconMailCog size={32} />}
          title={t('emptyTitle')}
          description={t(providers.length > 0 ? 'empty' : 'emptyAddOnly')}
          action={
            <Group justify="center" gap="sm">
              {addButton}
              {connectButtons}
            </Group>
          }
        />
      )}
      {mailboxes.data && mailboxes.data.length > 0 && (
        <Stack gap="md">
          {mailboxes.data.map((mailbox) => (
            <MailboxCard key={mailbox.id} mailbox={mailbox} actions={actions} />
          ))}
        </Stack>
      )}
      {editing && <MailboxFormModal mailbox={editing.mailbox} onClose={() => setEditing(null)} />}
      <MailboxSignatureModal mailbox={signing} onClose={() => setSigning(null)} />
    </>
  );
}
