import {
  Alert,
  Button,
  Grid,
  Group,
  Input,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Editor } from '@tiptap/react';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TMailTemplate } from '@claimdesk/contracts';
import { RichTextField } from '../../../components/ui/rich-text-editor';
import { codedResolver } from '../../../lib/coded-resolver';
import { isHttpError } from '../../../lib/http-error';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { useCreateMailTemplate } from '../api/create-mail-template';
import { useUpdateMailTemplate } from '../api/update-mail-template';
import { formValuesOf, type TEditorTarget, type TTemplateForm } from '../lib/editor-target';
import { losesFormatting } from '../lib/rich-text-fit';
import { ZTemplateForm } from '../lib/template-form-schema';
import { PlaceholderPicker } from './placeholder-picker';
import { TemplateIdentityFields } from './template-identity-fields';
import { TemplatePreview } from './template-preview';
import { useConfirmDelete } from './use-confirm-delete';
import type { TWorkflowOption } from './use-workflow-options';

const FIELDS = ['key', 'workFlow', 'sendType', 'language', 'subject', 'body'] as const;

interface Props {
  target: TEditorTarget;
  workflows: TWorkflowOption[];
  onSaved: (template: TMailTemplate) => void;
  onDeleted: () => void;
  /** Told whether the form holds unsaved changes, so leaving can ask first. */
  onDirtyChange: (isDirty: boolean) => void;
  /** Loads the stored version again (after a conflict). */
  onReload: () => void;
}

/** Subject and body of one template in one language, with the placeholder picker and a live preview. */
export function TemplateEditor({ target, workflows, onSaved, onDeleted, onDirtyChange, onReload }: Props) {
  const { t } = useTranslation('mailTemplates');
  const template = target.kind === 'existing' ? target.template : null;
  const create = useCreateMailTemplate({ mutationConfig: { meta: { handlesErrors: true } } });
  const update = useUpdateMailTemplate({ mutationConfig: { meta: { handlesErrors: true } } });
  const remove = useConfirmDelete(onDeleted);
  const [hasConflict, setHasConflict] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, getValues, control, reset } =
    useForm<TTemplateForm>({
      resolver: codedResolver<TTemplateForm>(ZTemplateForm),
      defaultValues: formValuesOf(target, workflows[0]?.value ?? 'claim'),
    });
  useEffect(() => {
    onDirtyChange(formState.isDirty);
  }, [formState.isDirty, onDirtyChange]);
  const [subject, body, workFlow, language] = useWatch({
    control,
    name: ['subject', 'body', 'workFlow', 'language'],
  });

  // The placeholder goes where the person was last: subject or body, at the cursor.
  const fields = useRef<{ subject: HTMLInputElement | null; body: HTMLTextAreaElement | null }>({
    subject: null,
    body: null,
  });
  const hintId = useId();
  const [into, setTarget] = useState<'subject' | 'body'>('body');
  const subjectField = register('subject');
  const bodyField = register('body');
  // The body is rich text unless it holds markup the rich editor would drop.
  const [mode, setMode] = useState<'rich' | 'html'>(() =>
    losesFormatting(getValues('body')) ? 'html' : 'rich',
  );
  const [isLossy, setIsLossy] = useState(() => mode === 'html');
  // A new editor (reading the form's body afresh) after a save or a switch back to formatted text.
  const [editorKey, setEditorKey] = useState(0);
  const editorRef = useRef<Editor | null>(null);
  const takeEditorText = useRef(false);
  const onEditor = (editor: Editor | null) => {
    editorRef.current = editor;
    if (!editor) return;
    editor.on('focus', () => setTarget('body'));
    if (takeEditorText.current) {
      takeEditorText.current = false;
      setValue('body', editor.isEmpty ? '' : editor.getHTML(), { shouldDirty: true });
    }
  };
  const onRichChange = (html: string) => {
    setValue('body', editorRef.current?.isEmpty ? '' : html, {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };
  const toFormatted = () => {
    const show = () => {
      takeEditorText.current = true;
      setIsLossy(false);
      setEditorKey((k) => k + 1);
      setMode('rich');
    };
    if (!losesFormatting(getValues('body'))) {
      show();
      return;
    }
    modals.openConfirmModal({
      title: t('editor.toFormattedTitle'),
      children: <Text size="sm">{t('editor.toFormatted')}</Text>,
      labels: { confirm: t('editor.toFormattedConfirm'), cancel: t('common:actions.cancel') },
      closeButtonProps: { 'aria-label': t('common:actions.close') },
      onConfirm: show,
    });
  };
  const bodyId = useId();

  const insert = (token: string) => {
    const editor = editorRef.current;
    if (into === 'body' && mode === 'rich' && editor) {
      editor.chain().focus().insertContent(token).run();
      return;
    }
    const element = fields.current[into];
    const value = getValues(into);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    setValue(into, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onSubmit = handleSubmit((values) => {
    setHasConflict(false);
    const onError = (error: unknown) => {
      if (isHttpError(error) && error.status === 409 && Object.keys(error.fieldErrors).length === 0)
        setHasConflict(true);
      else applyServerErrors(error, setError, FIELDS);
    };
    const onSuccess = (saved: TMailTemplate) => {
      notifySuccess(
        t('editor.saved', { key: saved.key, language: t(`common:language.names.${saved.language}`) }),
      );
      reset(formValuesOf({ kind: 'existing', template: saved }, saved.workFlow));
      setEditorKey((k) => k + 1);
      onSaved(saved);
    };
    if (template?.id != null)
      update.mutate(
        {
          id: template.id,
          body: {
            subject: values.subject,
            body: values.body,
            isDisabled: values.isDisabled,
            version: template.version,
          },
        },
        { onSuccess, onError },
      );
    else create.mutate(values, { onSuccess, onError });
  });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper
          withBorder
          p="md"
          component="form"
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-label={t('editor.formLabel')}
        >
          <Stack gap="sm">
            <TemplateIdentityFields
              target={target}
              control={control}
              register={register}
              errors={formState.errors}
              workflows={workflows}
            />
            {target.kind === 'new' && target.source && (
              <Text size="sm" c="dimmed">
                {t('editor.translateHint', {
                  language: t(`common:language.names.${target.source.language}`),
                })}
              </Text>
            )}
            {template?.isBuiltIn && (
              <Text size="sm" c="dimmed">
                {t('editor.builtInHint')}
              </Text>
            )}
            <TextInput
              {...subjectField}
              ref={(element) => {
                subjectField.ref(element);
                fields.current.subject = element;
              }}
              onFocus={() => setTarget('subject')}
              label={t('editor.subject')}
              error={formState.errors.subject?.message}
              required
              data-autofocus={target.kind === 'existing' || undefined}
            />
            <Group gap="xs" wrap="wrap">
              <PlaceholderPicker describedBy={hintId} onInsert={insert} />
              <Text size="xs" c="dimmed" style={{ flex: '1 1 160px' }} id={hintId}>
                {t(into === 'subject' ? 'placeholders.intoSubject' : 'placeholders.intoBody')}
              </Text>
            </Group>
            <Input.Wrapper
              id={bodyId}
              label={t('editor.body')}
              labelElement="div"
              description={t(mode === 'rich' ? 'editor.bodyRichHint' : 'editor.bodyHint', {
                example: `{{supplier.name|${t('placeholders.fallbackExample')}}}`,
              })}
              error={formState.errors.body?.message}
              required
              inputContainer={(children) => (
                <Stack gap={6} mt={4}>
                  <SegmentedControl
                    size="xs"
                    aria-label={t('editor.bodyMode')}
                    value={mode}
                    onChange={(value) => (value === 'rich' ? toFormatted() : setMode('html'))}
                    data={[
                      { value: 'rich', label: t('editor.formatted') },
                      { value: 'html', label: t('editor.html') },
                    ]}
                    style={{ alignSelf: 'flex-start' }}
                  />
                  {isLossy && mode === 'html' && (
                    <Text size="xs" c="dimmed">
                      {t('editor.htmlOnly')}
                    </Text>
                  )}
                  {children}
                </Stack>
              )}
            >
              {mode === 'rich' ? (
                <RichTextField
                  key={editorKey}
                  initialHtml={getValues('body')}
                  onChange={onRichChange}
                  onPictureTooBig={() => undefined}
                  onEditor={onEditor}
                  label={t('editor.body')}
                  placeholder={t('editor.bodyPlaceholder')}
                  minHeight={220}
                  invalid={formState.errors.body != null}
                  describedBy={`${bodyId}-description${formState.errors.body ? ` ${bodyId}-error` : ''}`}
                />
              ) : (
                <Textarea
                  {...bodyField}
                  ref={(element) => {
                    bodyField.ref(element);
                    fields.current.body = element;
                  }}
                  onFocus={() => setTarget('body')}
                  aria-label={t('editor.body')}
                  aria-describedby={`${bodyId}-description${formState.errors.body ? ` ${bodyId}-error` : ''}`}
                  error={formState.errors.body != null}
                  autosize
                  minRows={10}
                  maxRows={24}
                  styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  required
                />
              )}
            </Input.Wrapper>
            <Switch
              {...register('isDisabled')}
              label={t('editor.disabled')}
              description={t('editor.disabledHint')}
            />
            {hasConflict && (
              <Alert
                color="orange"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t('editor.conflictTitle')}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('editor.conflict')}</Text>
                  <Button size="compact-sm" variant="light" onClick={onReload}>
                    {t('editor.reload')}
                  </Button>
                </Stack>
              </Alert>
            )}
            <Group justify="space-between" mt="xs" gap="sm">
              {template?.id != null ? (
                <Button
                  variant="subtle"
                  color="red.9"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => remove.confirm({ ...template, id: template.id as number })}
                  loading={remove.isPending}
                >
                  {t(template.hasBuiltIn ? 'delete.restore' : 'delete.button')}
                </Button>
              ) : (
                <span />
              )}
              <Button
                type="submit"
                h="auto"
                mih={36}
                styles={{ label: { whiteSpace: 'normal' } }}
                loading={create.isPending || update.isPending}
              >
                {t(template?.id != null ? 'editor.save' : template ? 'editor.saveOverride' : 'editor.create')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TemplatePreview workFlow={workFlow} subject={subject} body={body} language={language} />
      </Grid.Col>
    </Grid>
  );
}
