import { Button, Group, Text } from '@mantine/core';

/** A toast's words with an Undo button beside them. */
export function UndoToast({
  message,
  undoLabel,
  onUndo,
}: {
  message: string;
  undoLabel: string;
  onUndo: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" onClick={onUndo}>
        {undoLabel}
      </Button>
    </Group>
  );
}
