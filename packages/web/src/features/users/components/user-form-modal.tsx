import { Button, Group, Modal, MultiSelect, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ZCreateUserRequest,
  ZInviteUserRequest,
  ZUpdateUserRequest,
  type TRole,
  type TUser,
} from '@claimdesk/contracts';
import { codedResolver } from '../../../lib/coded-resolver';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/create-user';
import { useInviteUser } from '../api/invite-user';
import { useUpdateUser } from '../api/update-user';

type TForm = z.input<typeof ZUpdateUserRequest> & { password?: string };
const FIELDS = ['username', 'firstName', 'lastName', 'roles', 'password'] as const;

interface Props {
  opened: boolean;
  user: TUser | null;
  roles: readonly TRole[];
  onClose: () => void;
  /** A new user invited by mail (they choose their own password) instead of given a first password. */
  isInvite?: boolean;
}

/** Create a user (with roles and a first password they must change), invite one by mail, or edit one. */
export function UserFormModal({ opened, user, roles, onClose, isInvite = false }: Props) {
  const { t } = useTranslation('users');
  const isNew = user === null;
  const isInviting = isNew && isInvite;
  // Field errors go onto the fields (applyServerErrors toasts the rest).
  const create = useCreateUser({ mutationConfig: { meta: { handlesErrors: true } } });
  const invite = useInviteUser({ mutationConfig: { meta: { handlesErrors: true } } });
  const update = useUpdateUser({ mutationConfig: { meta: { handlesErrors: true } } });
  const schema = isInviting ? ZInviteUserRequest : isNew ? ZCreateUserRequest : ZUpdateUserRequest;
  const { register, control, handleSubmit, formState, setError } = useForm<TForm>({
    resolver: codedResolver<TForm>(schema),
    defaultValues: user
      ? { username: user.username, firstName: user.firstName, lastName: user.lastName, roles: user.roles }
      : { username: '', firstName: '', lastName: '', roles: ['STANDARD_USER'], password: '' },
  });
  const err = (name: (typeof FIELDS)[number]) => formState.errors[name]?.message;

  const onSubmit = handleSubmit((values) => {
    const onError = (error: unknown) => applyServerErrors(error, setError, FIELDS);
    if (isInviting) {
      const body = ZInviteUserRequest.parse(values);
      invite.mutate(body, {
        onSuccess: () => {
          notifySuccess(t('form.invited', { username: body.username }));
          onClose();
        },
        onError,
      });
    } else if (isNew) {
      create.mutate(ZCreateUserRequest.parse(values), {
        onSuccess: () => {
          notifySuccess(t('form.created'));
          onClose();
        },
        onError,
      });
    } else {
      update.mutate(
        { id: user.id, body: ZUpdateUserRequest.parse(values) },
        {
          onSuccess: () => {
            notifySuccess(t('form.updated'));
            onClose();
          },
          onError,
        },
      );
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      opened={opened}
      onClose={onClose}
      title={t(isInviting ? 'form.inviteTitle' : isNew ? 'form.createTitle' : 'form.editTitle')}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...register('username')}
            label={t('fields.username')}
            type="email"
            autoComplete="off"
            error={err('username')}
            required
            data-autofocus
          />
          <Group grow align="flex-start">
            <TextInput
              {...register('firstName')}
              label={t('fields.firstName')}
              error={err('firstName')}
              required
            />
            <TextInput
              {...register('lastName')}
              label={t('fields.lastName')}
              error={err('lastName')}
              required
            />
          </Group>
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <MultiSelect
                label={t('fields.roles')}
                data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                onBlur={field.onBlur}
                error={err('roles')}
                required
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
          {isInviting && (
            <Text size="sm" c="dimmed">
              {t('form.inviteHint')}
            </Text>
          )}
          {isNew && !isInviting && (
            <PasswordInput
              visibilityToggleButtonProps={{ 'aria-label': t('common:actions.togglePassword') }}
              {...register('password')}
              label={t('fields.firstPassword')}
              description={t('form.firstPasswordHint')}
              autoComplete="new-password"
              error={err('password')}
              required
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || invite.isPending || update.isPending}>
              {t(isInviting ? 'form.invite' : isNew ? 'form.create' : 'form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
