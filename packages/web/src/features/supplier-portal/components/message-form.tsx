import { Button, FileInput, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPLIER_ANSWER_LIMITS } from '@claimdesk/contracts';
import { applyServerErrors, notifySuccess } from '../../../lib/notify';
import { usePostPortalMessage } from '../api/post-portal-message';

/** A message to the store on the case, with files; it lands on the case's supplier mails. */
export function MessageForm({ caseId, onSent }: { caseId: number; onSent: (caseId: number) => void }) {
  const { t } = useTranslation(['supplierPortal', 'common']);
  const post = usePostPortalMessage(onSent);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (!text.trim()) {
      setError(t('common:validation.required'));
      return;
    }
    setError(null);
    try {
      await post.mutateAsync({ caseId, text, files });
      notifySuccess(t('message.sent'));
      setText('');
      setFiles([]);
    } catch (failure) {
      applyServerErrors(failure, (_field, { message }) => setError(message ?? null), ['text']);
    }
  };
  return (
    <Paper withBorder p="md" data-testid="message-form">
      <Title order={3} size="h5" mb="sm">
        {t('message.title')}
      </Title>
      <Stack gap="sm">
        <Textarea
          label={t('message.text')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={SUPPLIER_ANSWER_LIMITS.message}
          autosize
          minRows={3}
          error={error}
        />
        <FileInput
          label={t('message.files')}
          placeholder={t('message.choose')}
          leftSection={<IconPaperclip size={16} />}
          multiple
          clearable
          value={files}
          onChange={setFiles}
        />
        <Group>
          <Button
            variant="light"
            leftSection={<IconSend size={16} />}
            onClick={() => void send()}
            loading={post.isPending}
          >
            {t('message.send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
