import { Alert, Button, Group, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface Props {
  onShow: () => void;
  /** Absent when the user has no preferences to keep the choice in (one-time-code sign-in). */
  onAlways?: () => void;
  isSaving: boolean;
}

/** Says that remote images were blocked and offers to show them, for this mail or this sender. */
export function RemoteImagesBar({ onShow, onAlways, isSaving }: Props) {
  const { t } = useTranslation('mail');
  return (
    <Alert variant="light" color="gray" p="xs" icon={<IconPhotoOff size={18} aria-hidden />}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">{t('view.remoteBlocked')}</Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={onShow}>
            {t('view.showImages')}
          </Button>
          {onAlways && (
            <Button size="compact-sm" variant="subtle" onClick={onAlways} loading={isSaving}>
              {t('view.alwaysForSender')}
            </Button>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
