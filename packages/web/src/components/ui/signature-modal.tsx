import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSignatures } from '@claimdesk/contracts';
import { errorText } from '../../lib/notify';

// The rich text editor's code loads when a signature is opened, not with the screen behind it.
const SignatureEditor = lazy(() =>
  import('./signature-editor').then((m) => ({ default: m.SignatureEditor })),
);

interface Props {
  opened: boolean;
  title: string;
  /** Whose signature, under the title (the person's name or the mailbox's address). */
  description: string;
  /** The stored signatures; undefined while they load. */
  signatures: TSignatures | undefined;
  loadError: unknown;
  isSaving: boolean;
  onSave: (signatures: TSignatures) => Promise<unknown>;
  onClose: () => void;
}

/** Edits a signature in each language of the mail and saves them together. */
export function SignatureModal(props: Props) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      {props.opened && <SignatureForm {...props} />}
    </Modal>
  );
}

function SignatureForm({ description, signatures, loadError, isSaving, onSave, onClose, title }: Props) {
  const { t } = useTranslation('common');
  const [edited, setEdited] = useState<TSignatures>({});
  const [problem, setProblem] = useState<string | null>(null);
  if (loadError) return <Alert color="red">{errorText(loadError)}</Alert>;
  if (!signatures) return <Loader size="sm" aria-label={t('signature.loading')} />;
  const save = async () => {
    setProblem(null);
    try {
      await onSave({ ...signatures, ...edited });
      onClose();
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <Stack gap="sm" aria-label={title} role="form">
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      <Suspense fallback={<Loader size="sm" aria-label={t('signature.loading')} />}>
        <SignatureEditor
          initial={signatures}
          label={title}
          onChange={(language, html) => setEdited((e) => ({ ...e, [language]: html }))}
        />
      </Suspense>
      {problem && (
        <Alert color="red" data-testid="signature-problem">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={isSaving}>
          {t('signature.save')}
        </Button>
      </Group>
    </Stack>
  );
}
