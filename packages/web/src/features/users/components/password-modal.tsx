import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ZPassword, type TUser } from '@claimdesk/contracts';
import { codedResolver } from '../../../lib/coded-resolver';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useUpdatePassword } from '../api/update-password';

const ZForm = z.object({ oldPassword: z.string(), password: ZPassword, repeatPassword: z.string() });
type TForm = z.infer<typeof ZForm>;

interface Props {
  user: Pick<TUser, 'id' | 'username'> | null;
  isSelf: boolean;
  onClose: () => void;
}

/** Change a password: one's own (with the old one) or, for an administrator, another user's. */
export function PasswordModal({ user, isSelf, onClose }: Props) {
  const { t } = useTranslation('users');
  // Field errors go onto the fields; the rest is one toast from the screen's handler.
  const update = useUpdatePassword({ mutationConfig: { meta: { handlesErrors: true } } });
  const { register, handleSubmit, formState, setError, watch, reset } = useForm<TForm>({
    resolver: codedResolver<TForm>(ZForm),
    defaultValues: { oldPassword: '', password: '', repeatPassword: '' },
  });
  const [password, repeat, old] = watch(['password', 'repeatPassword', 'oldPassword']);
  const isMismatch = repeat.length > 0 && repeat !== password;
  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    if (!user || values.password !== values.repeatPassword) return;
    update.mutate(
      {
        id: user.id,
        body: isSelf
          ? { password: values.password, oldPassword: values.oldPassword }
          : { password: values.password },
      },
      {
        onSuccess: () => {
          notifySuccess(t('password.changed'));
          close();
        },
        onError: (error) => applyServerErrors(error, setError, ['password', 'oldPassword']),
      },
    );
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      opened={user !== null}
      onClose={close}
      title={t('password.title')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {!isSelf && user && (
            <Text size="sm" c="dimmed">
              {t('password.forOther', { username: user.username })}
            </Text>
          )}
          {isSelf && (
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
              {...register('oldPassword')}
              label={t('password.old')}
              autoComplete="current-password"
              error={formState.errors.oldPassword?.message}
              required
              data-autofocus
            />
          )}
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
            {...register('password')}
            label={t('password.new')}
            description={t('password.policy')}
            autoComplete="new-password"
            error={formState.errors.password?.message}
            required
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
            {...register('repeatPassword')}
            label={t('password.repeat')}
            autoComplete="new-password"
            error={isMismatch ? t('password.mismatch') : undefined}
            required
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={update.isPending}
              disabled={isMismatch || !password || !repeat || (isSelf && !old)}
            >
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
