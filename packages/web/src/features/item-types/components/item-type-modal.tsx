import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZCreateItemTypeRequest, type TCreateItemTypeRequest, type TItemType } from '@claimdesk/contracts';
import { codedResolver } from '../../../lib/coded-resolver';
import { LANGUAGES } from '../../../lib/constants';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useCreateItemType } from '../api/create-item-type';
import { useUpdateItemType } from '../api/update-item-type';
import { errorTextClass } from '../../../components/ui/error-text';

const FIELDS = ['key', 'names', ...LANGUAGES.map((l) => `names.${l}` as const)] as const;

interface Props {
  /** null: a new type. */
  itemType: TItemType | null;
  onClose: () => void;
}

/** Create an item type (key and names) or edit the names of one. */
export function ItemTypeModal({ itemType, onClose }: Props) {
  const { t } = useTranslation('cases');
  const isNew = itemType === null;
  // Field errors go onto the fields (applyServerErrors toasts the rest).
  const create = useCreateItemType({ mutationConfig: { meta: { handlesErrors: true } } });
  const update = useUpdateItemType({ mutationConfig: { meta: { handlesErrors: true } } });
  const { register, handleSubmit, formState, setError } = useForm<TCreateItemTypeRequest>({
    resolver: codedResolver<TCreateItemTypeRequest>(ZCreateItemTypeRequest),
    defaultValues: {
      key: itemType?.key ?? '',
      names: Object.fromEntries(LANGUAGES.map((l) => [l, itemType?.names[l] ?? ''])),
    },
  });
  const namesError = formState.errors.names?.message ?? formState.errors.names?.root?.message;

  const onSubmit = handleSubmit((values) => {
    const names = Object.fromEntries(
      Object.entries(values.names).map(([l, n]) => [l, n?.trim() ? n.trim() : undefined]),
    ) as TCreateItemTypeRequest['names'];
    const onError = (error: unknown) => applyServerErrors(error, setError, FIELDS);
    const done = (text: string) => () => {
      notifySuccess(text);
      onClose();
    };
    if (isNew)
      create.mutate({ key: values.key, names }, { onSuccess: done(t('itemTypes.created')), onError });
    else
      update.mutate(
        { id: itemType.id, body: { names, isDisabled: itemType.isDisabled } },
        { onSuccess: done(t('itemTypes.saved')), onError },
      );
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(isNew ? 'itemTypes.createTitle' : 'itemTypes.editTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            {...register('key')}
            label={t('itemTypes.key')}
            description={t('itemTypes.keyHint')}
            error={formState.errors.key?.message}
            readOnly={!isNew}
            required={isNew}
            data-autofocus={isNew || undefined}
          />
          <Text fw={500} size="sm" mt="xs">
            {t('itemTypes.names')}
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            {LANGUAGES.map((language) => (
              <TextInput
                key={language}
                {...register(`names.${language}`)}
                label={t('itemTypes.name', { language: t(`common:language.names.${language}`) })}
                error={formState.errors.names?.[language]?.message}
                data-autofocus={(!isNew && language === 'en') || undefined}
              />
            ))}
          </SimpleGrid>
          {namesError && (
            <Text className={errorTextClass} size="sm" role="alert">
              {namesError}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t(isNew ? 'itemTypes.create' : 'itemTypes.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
