import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflows } from '../inbox/use-workflows';

interface Props {
  opened: boolean;
  isSaving: boolean;
  onClose: () => void;
  onCreate: (workFlow: string) => void;
}

/** "New case": the workflow to make the case in; the rest comes from the mail. */
export function NewCaseModal({ opened, isSaving, onClose, onCreate }: Props) {
  const { t } = useTranslation('inbox');
  const { options } = useWorkflows();
  const [workFlow, setWorkFlow] = useState<string | null>(options[0]?.value ?? null);
  useEffect(() => {
    if (opened) setWorkFlow((current) => current ?? options[0]?.value ?? null);
  }, [opened, options]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('unmapped.newCaseTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (workFlow) onCreate(workFlow);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('unmapped.newCaseText')}
          </Text>
          <Select
            data-autofocus
            label={t('unmapped.workflow')}
            data={options}
            value={workFlow}
            onChange={setWorkFlow}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSaving} disabled={!workFlow}>
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
