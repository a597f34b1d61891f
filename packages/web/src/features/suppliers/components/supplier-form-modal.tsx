import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  SUPPLIER_EVIDENCE,
  ZCreateSupplierRequest,
  type TCreateSupplierRequest,
  type TSupplier,
} from '@claimdesk/contracts';
import { codedResolver } from '../../../lib/coded-resolver';
import { useJsonConfig } from '../../../lib/config-queries';
import { isHttpError } from '../../../lib/http-error';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSaveSupplier } from '../api/save-supplier';

type TForm = TCreateSupplierRequest;

const FIELDS: Path<TForm>[] = [
  'name',
  'organisationNumber',
  'email',
  'phone',
  'address',
  'claimAddress',
  'compensationModes',
  'answerDays',
  ...Array.from({ length: 50 }, (_, i) =>
    (['fullName', 'email', 'phone', 'id'] as const).map((f) => `contactPersons.${i}.${f}` as const),
  ).flat(),
  ...Array.from({ length: 20 }, (_, i) => `compensationModes.${i}` as const),
];

const valuesOf = (supplier: TSupplier | null): TForm => ({
  name: supplier?.name ?? '',
  organisationNumber: supplier?.organisationNumber ?? '',
  email: supplier?.email ?? '',
  phone: supplier?.phone ?? '',
  address: supplier?.address ?? '',
  claimAddress: supplier?.claimAddress ?? '',
  compensationModes: supplier?.compensationModes ?? [],
  requiredEvidence: supplier?.requiredEvidence ?? [],
  answerDays: supplier?.answerDays ?? null,
  isDisabled: supplier?.isDisabled ?? false,
  contactPersons: (supplier?.contactPersons ?? []).map((p) => ({
    id: p.id,
    fullName: p.fullName,
    email: p.email,
    phone: p.phone ?? '',
    isDisabled: p.isDisabled,
  })),
});

interface Props {
  base: string;
  /** null: a new supplier. */
  supplier: TSupplier | null;
  onClose: () => void;
}

/** Create a supplier or edit one, contact persons included; errors show on their fields. */
export function SupplierFormModal({ base, supplier, onClose }: Props) {
  const { t } = useTranslation(['suppliers', 'common']);
  const { grantType } = useSession();
  const modes = useJsonConfig('compensation-modes', grantType);
  const save = useSaveSupplier({ mutationConfig: { meta: { handlesErrors: true } } });
  const { register, control, handleSubmit, formState, setError } = useForm<TForm>({
    resolver: codedResolver<TForm>(ZCreateSupplierRequest),
    defaultValues: valuesOf(supplier),
  });
  const people = useFieldArray({ control, name: 'contactPersons', keyName: 'rowKey' });
  const errors = formState.errors;

  /** A taken organisation number or contact email (400, `taken`) in the user's language, on its field. */
  const onSaveError = (error: unknown) => {
    if (isHttpError(error) && error.status === 400) {
      const taken = Object.keys(error.fieldIssues).filter(
        (key) =>
          error.fieldIssues[key]?.code === 'taken' &&
          (key === 'organisationNumber' || /^contactPersons\.\d+\.email$/.test(key)),
      );
      taken.forEach((key) =>
        setError(key as Path<TForm>, {
          type: 'server',
          message: t(key === 'organisationNumber' ? 'errors.organisationNumberTaken' : 'errors.emailTaken'),
        }),
      );
      if (taken.length > 0) return;
    }
    applyServerErrors(error, setError, FIELDS);
  };

  const onSubmit = handleSubmit((values) => {
    // One email twice among the contact persons: said here, on the second.
    const seen = new Set<string>();
    const repeated = (values.contactPersons ?? []).flatMap((p, i) => {
      const email = p.email.trim().toLowerCase();
      const isRepeat = seen.has(email);
      seen.add(email);
      return isRepeat ? [i] : [];
    });
    repeated.forEach((i) =>
      setError(`contactPersons.${i}.email`, { type: 'duplicate', message: t('errors.emailTwice') }),
    );
    if (repeated.length > 0) return;
    const body = supplier ? { ...values, version: supplier.version } : values;
    save.mutate(
      { base, id: supplier?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(t(supplier ? 'saved' : 'created', { name: saved.name }));
          onClose();
        },
        onError: onSaveError,
      },
    );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(supplier ? 'editTitle' : 'createTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...register('name')}
              label={t('field.name')}
              required
              error={errors.name?.message}
              data-autofocus
            />
            <TextInput
              {...register('organisationNumber')}
              label={t('field.organisationNumber')}
              error={errors.organisationNumber?.message}
            />
            <TextInput
              {...register('email')}
              type="email"
              label={t('field.email')}
              error={errors.email?.message}
            />
            <TextInput {...register('phone')} label={t('field.phone')} error={errors.phone?.message} />
            <TextInput
              {...register('claimAddress')}
              type="email"
              label={t('field.claimAddress')}
              description={t('field.claimAddressHint')}
              error={errors.claimAddress?.message}
            />
            <Controller
              control={control}
              name="answerDays"
              render={({ field }) => (
                <NumberInput
                  label={t('field.answerDays')}
                  min={1}
                  max={365}
                  allowDecimal={false}
                  value={field.value ?? ''}
                  onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
                  error={errors.answerDays?.message}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            {...register('address')}
            label={t('field.address')}
            autosize
            minRows={2}
            error={errors.address?.message}
          />
          <Controller
            control={control}
            name="compensationModes"
            render={({ field }) => (
              <MultiSelect
                label={t('field.compensationModes')}
                data={(modes.data ?? []).map((o) => ({
                  value: o.value,
                  label: t(o.label, { ns: ['suppliers', 'common'], defaultValue: o.label }),
                }))}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.compensationModes?.message ?? errors.compensationModes?.[0]?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="requiredEvidence"
            render={({ field }) => (
              <Checkbox.Group
                label={t('field.requiredEvidence')}
                value={field.value ?? []}
                onChange={field.onChange}
              >
                <Group mt={4}>
                  {SUPPLIER_EVIDENCE.map((e) => (
                    <Checkbox key={e} value={e} label={t(`evidence.${e}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Group justify="space-between" mt="xs">
            <Text fw={600} size="sm">
              {t('contactPersons')}
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => people.append({ fullName: '', email: '', phone: '', isDisabled: false })}
            >
              {t('addPerson')}
            </Button>
          </Group>
          {people.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('noPersons')}
            </Text>
          )}
          {people.fields.map((row, i) => {
            const e = errors.contactPersons?.[i];
            return (
              <Group
                key={row.rowKey}
                align="flex-start"
                gap="xs"
                wrap="nowrap"
                data-testid="contact-person-row"
              >
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
                  <TextInput
                    {...register(`contactPersons.${i}.fullName`)}
                    aria-label={`${t('person.fullName')} (${String(i + 1)})`}
                    placeholder={t('person.fullName')}
                    error={e?.fullName?.message}
                  />
                  <TextInput
                    {...register(`contactPersons.${i}.email`)}
                    type="email"
                    aria-label={`${t('person.email')} (${String(i + 1)})`}
                    placeholder={t('person.email')}
                    error={e?.email?.message}
                  />
                  <TextInput
                    {...register(`contactPersons.${i}.phone`)}
                    aria-label={`${t('person.phone')} (${String(i + 1)})`}
                    placeholder={t('person.phone')}
                    error={e?.phone?.message}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mt={6}
                  aria-label={t('removePerson')}
                  onClick={() => people.remove(i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Switch {...register('isDisabled')} label={t('field.isDisabled')} mt="xs" />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(supplier ? 'save' : 'create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
