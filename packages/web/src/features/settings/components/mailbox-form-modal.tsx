import { Button, Group, Modal, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TMailbox, TTestMailboxResponse } from '@claimdesk/contracts';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useCreateMailbox } from '../api/create-mailbox';
import { useTestMailbox } from '../api/test-mailbox';
import { useTestMailboxSettings } from '../api/test-mailbox-settings';
import { useUpdateMailbox } from '../api/update-mailbox';
import { mailboxResolver } from '../lib/field-text';
import {
  formDefaults,
  MAILBOX_FORM_FIELDS,
  mailboxFormSchema,
  toCreateRequest,
  toTestRequest,
  toUpdateRequest,
  type TMailboxForm,
} from '../lib/mailbox-form';
import { ConnectionResults } from './connection-results';
import { ServerFields } from './server-fields';

interface Props {
  /** null: a new mailbox (password or forward); else a password or forward mailbox to edit. */
  mailbox: TMailbox | null;
  onClose: () => void;
}

const resolver: (isNew: boolean) => Resolver<TMailboxForm> = (isNew) => (values, context, options) =>
  mailboxResolver<TMailboxForm>(mailboxFormSchema(values.kind, isNew))(values, context, options);

/** Add a mailbox or change one; "Test connection" signs in to both servers before anything is saved. */
export function MailboxFormModal({ mailbox, onClose }: Props) {
  const { t } = useTranslation('mailConfig');
  const isNew = mailbox === null;
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [result, setResult] = useState<TTestMailboxResponse | null>(null);
  const create = useCreateMailbox({ mutationConfig: { meta: { handlesErrors: true } } });
  const update = useUpdateMailbox({ mutationConfig: { meta: { handlesErrors: true } } });
  const testSettings = useTestMailboxSettings();
  const testSaved = useTestMailbox();
  const { register, control, handleSubmit, formState, setError, watch, setValue } = useForm<TMailboxForm>({
    resolver: resolver(isNew),
    defaultValues: formDefaults(mailbox),
  });
  const kind = watch('kind');
  const password = watch('password');
  // A result is about the settings it was run with: any change makes it stale.
  useEffect(() => {
    const subscription = watch(() => setResult(null));
    return () => subscription.unsubscribe();
  }, [watch]);

  const onError = (error: unknown) => applyServerErrors(error, setError, MAILBOX_FORM_FIELDS);
  const onSubmit = handleSubmit((values) => {
    if (isNew) {
      create.mutate(toCreateRequest(values), {
        onSuccess: (created) => {
          notifySuccess(t('form.created', { address: created.address }));
          onClose();
        },
        onError,
      });
    } else {
      update.mutate(
        { id: mailbox.id, body: toUpdateRequest(values) },
        {
          onSuccess: (saved) => {
            notifySuccess(t('form.saved', { address: saved.address }));
            onClose();
          },
          onError,
        },
      );
    }
  });

  // Without a password typed, an existing mailbox is tested with what is saved.
  const isSavedTest = !isNew && password === '';
  const onTest = handleSubmit((values) => {
    setResult(null);
    if (isSavedTest) testSaved.mutate(mailbox.id, { onSuccess: setResult });
    else testSettings.mutate(toTestRequest(values), { onSuccess: setResult });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(isNew ? 'form.createTitle' : 'form.editTitle')}
      size="lg"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          {isNew && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="mailbox-kind-label">
                {t('form.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="mailbox-kind-label"
                value={kind}
                onChange={(value) => setValue('kind', value)}
                data={[
                  { value: 'imap-password', label: t('form.kindPassword') },
                  { value: 'forward', label: t('form.kindForward') },
                ]}
                fullWidth
              />
              <Text size="xs" c="dimmed">
                {t(kind === 'forward' ? 'form.kindForwardHint' : 'form.kindPasswordHint')}
              </Text>
            </Stack>
          )}
          <TextInput
            {...register('address')}
            type="email"
            label={t('form.address')}
            description={t('form.addressHint')}
            error={formState.errors.address?.message}
            autoComplete="off"
            spellCheck={false}
            required
            data-autofocus
          />
          {kind === 'imap-password' && (
            <>
              <ServerFields server="imap" control={control} register={register} errors={formState.errors} />
              <ServerFields server="smtp" control={control} register={register} errors={formState.errors} />
              <PasswordInput
                visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
                {...register('password')}
                label={t('form.password')}
                description={isNew ? t('form.passwordHint') : t('form.passwordKeep')}
                error={formState.errors.password?.message}
                autoComplete="new-password"
                required={isNew}
              />
              <Stack gap="xs">
                <Group gap="sm" wrap="wrap">
                  <Button
                    variant="light"
                    leftSection={<IconPlugConnected size={18} aria-hidden />}
                    onClick={() => void onTest()}
                    loading={testSettings.isPending || testSaved.isPending}
                  >
                    {t('form.test')}
                  </Button>
                  {isSavedTest && (
                    <Text size="xs" c="dimmed">
                      {t('form.testSaved')}
                    </Text>
                  )}
                </Group>
                {result && <ConnectionResults result={result} />}
              </Stack>
            </>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t(isNew ? 'form.create' : 'form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
