import { ActionIcon, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment } from '@claimdesk/contracts';
import { attachmentKind, formatFileSize } from '../../lib/attachment-kind';
import { AttachmentIcon } from '../attachments/attachment-icon';

/** One attachment of the mail being written: a file uploading or uploaded, or a file of the case's mails. */
export interface TComposeFile {
  key: string;
  fileName: string;
  fileType: string;
  size: number;
  uploadId?: string;
  filePath?: string;
  /** 0..1 while it uploads; undefined once it is there. */
  progress?: number;
  error?: string;
}

export const isFileReady = (file: TComposeFile) =>
  file.error === undefined && (file.uploadId !== undefined || file.filePath !== undefined);

interface Props {
  files: TComposeFile[];
  /** The case's files that can go along (a customer's photo to the supplier). */
  caseFiles: TMailAttachment[];
  maxBytes: number;
  onAddFiles: (files: File[]) => void;
  onAddCaseFile: (file: TMailAttachment) => void;
  onRemove: (key: string) => void;
}

/** The attachments: drop or choose files (checked against the size limit first), or take one of the case's. */
export function ComposeAttachments({
  files,
  caseFiles,
  maxBytes,
  onAddFiles,
  onAddCaseFile,
  onRemove,
}: Props) {
  const { t, i18n } = useTranslation('compose');
  const total = files.reduce((sum, f) => sum + (f.error ? 0 : f.size), 0);
  const offered = caseFiles.filter((c) => !c.isInline && !files.some((f) => f.filePath === c.filePath));
  return (
    <Stack gap={6}>
      {files.length > 0 && (
        <Stack gap={4} data-testid="compose-attachments">
          {files.map((file) => (
            <Group key={file.key} gap="xs" wrap="nowrap" data-testid="compose-attachment">
              <AttachmentIcon
                kind={attachmentKind({ fileName: file.fileName, fileType: file.fileType })}
                size={18}
              />
              <Text size="sm" truncate maw={260} title={file.fileName}>
                {file.fileName}
              </Text>
              <Text size="xs" c={file.error ? 'red' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                {file.error ?? formatFileSize(file.size, i18n.language)}
              </Text>
              {file.progress !== undefined && (
                <Progress
                  value={Math.round(file.progress * 100)}
                  w={80}
                  size="sm"
                  aria-label={t('attachments.uploading', { name: file.fileName })}
                />
              )}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                onClick={() => onRemove(file.key)}
                aria-label={t('attachments.remove', { name: file.fileName })}
              >
                <IconX size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {t('attachments.total', {
              size: formatFileSize(total, i18n.language),
              max: formatFileSize(maxBytes, i18n.language),
            })}
          </Text>
        </Stack>
      )}
      <Group gap="xs">
        <Dropzone.FullScreen active onDrop={onAddFiles} activateOnClick={false}>
          <Group justify="center" mih={120}>
            <IconPaperclip size={32} aria-hidden />
            <Text size="lg">{t('attachments.dropHere')}</Text>
          </Group>
        </Dropzone.FullScreen>
        <Button
          component="label"
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPaperclip size={16} aria-hidden />}
        >
          {t('attachments.add')}
          <input
            type="file"
            multiple
            hidden
            data-testid="compose-file-input"
            onChange={(event) => {
              onAddFiles([...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = '';
            }}
          />
        </Button>
        {offered.length > 0 && (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="subtle" size="compact-sm" leftSection={<IconPhoto size={16} aria-hidden />}>
                {t('attachments.fromCase')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
              {offered.map((file) => (
                <Menu.Item
                  key={file.filePath}
                  leftSection={<AttachmentIcon kind={attachmentKind(file)} size={16} />}
                  onClick={() => onAddCaseFile(file)}
                >
                  {file.fileName} · {formatFileSize(file.size, i18n.language)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Stack>
  );
}
