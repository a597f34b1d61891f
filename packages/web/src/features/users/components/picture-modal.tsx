import '@mantine/dropzone/styles.css';
import { Alert, Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES, type TUser } from '@claimdesk/contracts';
import { isHttpError } from '../../../lib/http-error';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

const MAX_MB = PROFILE_PICTURE_MAX_BYTES / (1024 * 1024);

/** Checks a file as the server will: image type and size (source of the limits: contracts). */
export const pictureProblem = (file: File): 'type' | 'size' | null => {
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return 'size';
  return null;
};

interface Props {
  user: Pick<TUser, 'id' | 'username' | 'profilePicUrl'> | null;
  isSelf: boolean;
  onClose: () => void;
}

export function PictureModal({ user, isSelf, onClose }: Props) {
  const { t } = useTranslation('users');
  // The modal shows why, in place.
  const upload = useUploadProfilePicture({ mutationConfig: { meta: { handlesErrors: true } } });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };
  const choose = (chosen: File) => {
    const issue = pictureProblem(chosen);
    setProblem(issue ? t(`picture.${issue}`, { max: MAX_MB }) : null);
    setFile(issue ? null : chosen);
  };
  const onReject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    if (first) choose(first.file);
  };
  const onUpload = () => {
    if (!file || !user) return;
    upload.mutate(
      { id: isSelf ? null : user.id, file },
      {
        onSuccess: () => {
          notifySuccess(t('picture.saved'));
          close();
        },
        onError: (error) =>
          setProblem(
            isHttpError(error) && (error.status === 413 || error.status === 415)
              ? t(error.status === 413 ? 'picture.size' : 'picture.type', { max: MAX_MB })
              : errorText(error),
          ),
      },
    );
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      opened={user !== null}
      onClose={close}
      title={t('picture.title')}
    >
      <Stack gap="md">
        <Group justify="center">
          <Avatar
            src={preview ?? user?.profilePicUrl ?? null}
            size={96}
            radius={96}
            color="orange"
            alt={t('picture.preview')}
          />
        </Group>
        <Dropzone
          onDrop={(files) => files[0] && choose(files[0])}
          onReject={onReject}
          accept={[...PROFILE_PICTURE_TYPES]}
          maxSize={PROFILE_PICTURE_MAX_BYTES}
          maxFiles={1}
          multiple={false}
          aria-label={t('picture.choose')}
          data-testid="picture-dropzone"
        >
          <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={36} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconPhoto size={36} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={36} stroke={1.4} aria-hidden />
            </Dropzone.Idle>
            <Stack gap={2}>
              <Text size="sm" fw={500}>
                {t('picture.drop')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('picture.rules', { max: MAX_MB })}
              </Text>
            </Stack>
          </Group>
        </Dropzone>
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="picture-error">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={onUpload} disabled={!file} loading={upload.isPending}>
            {t('picture.upload')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
