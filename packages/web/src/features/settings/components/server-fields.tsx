import { Fieldset, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STANDARD_PORTS, type TMailboxForm } from '../lib/mailbox-form';

interface Props {
  server: 'imap' | 'smtp';
  control: Control<TMailboxForm>;
  register: UseFormRegister<TMailboxForm>;
  errors: FieldErrors<TMailboxForm>;
}

/** One mail server's host, port, TLS and user (and the IMAP folder). */
export function ServerFields({ server, control, register, errors }: Props) {
  const { t } = useTranslation('mailConfig');
  const host = server === 'imap' ? 'imapHost' : 'smtpHost';
  const port = server === 'imap' ? 'imapPort' : 'smtpPort';
  const secure = server === 'imap' ? 'imapSecure' : 'smtpSecure';
  const user = server === 'imap' ? 'imapUser' : 'smtpUser';
  const ports = STANDARD_PORTS[server];
  return (
    <Fieldset legend={t(`form.${server}`)} variant="filled" p="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          {...register(host)}
          label={t('form.host')}
          placeholder={server === 'imap' ? 'imap.example.com' : 'smtp.example.com'}
          error={errors[host]?.message}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Controller
          control={control}
          name={port}
          render={({ field, fieldState }) => (
            <NumberInput
              label={t('form.port')}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : Number.NaN)}
              onBlur={field.onBlur}
              name={field.name}
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              error={fieldState.error ? t('form.portHint') : undefined}
              required
            />
          )}
        />
        <TextInput
          {...register(user)}
          label={t(server === 'imap' ? 'form.user' : 'form.smtpUser')}
          description={server === 'smtp' ? t('form.smtpUserHint') : undefined}
          error={errors[user]?.message}
          autoComplete="off"
          spellCheck={false}
          required={server === 'imap'}
        />
        {server === 'imap' && (
          <TextInput
            {...register('imapFolder')}
            label={t('form.folder')}
            error={errors.imapFolder?.message}
            spellCheck={false}
            required
          />
        )}
      </SimpleGrid>
      <Controller
        control={control}
        name={secure}
        render={({ field }) => (
          <Controller
            control={control}
            name={port}
            render={({ field: portField }) => (
              <Switch
                mt="sm"
                label={t(`form.${secure}`)}
                checked={field.value}
                onChange={(event) => {
                  const isSecure = event.currentTarget.checked;
                  field.onChange(isSecure);
                  // A standard port follows the switch; a port typed by hand stays.
                  const from = isSecure ? ports.plain : ports.secure;
                  if (portField.value === from) portField.onChange(isSecure ? ports.secure : ports.plain);
                }}
              />
            )}
          />
        )}
      />
    </Fieldset>
  );
}
