import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T extends { id: string }> {
  items: T[];
  onChange: (items: T[]) => void;
  /** What a row is called, for the move buttons' names ("Move Warranty up"). */
  nameOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  testId?: string;
}

/**
 * A list reordered by dragging a row's handle, by the keyboard on the handle (Space, arrows,
 * Space) or with the up and down buttons.
 */
export function SortableList<T extends { id: string }>({
  items,
  onChange,
  nameOf,
  renderItem,
  testId,
}: Props<T>) {
  const { t } = useTranslation('settings');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(items, from, to));
  };
  const move = (from: number, to: number) => onChange(arrayMove(items, from, to));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('storeForms.dragInstructions') },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} data-testid={testId}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={nameOf(item)}>
              {renderItem(item, index)}
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('storeForms.moveUp', { name: nameOf(item) })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('storeForms.moveDown', { name: nameOf(item) })}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const { t } = useTranslation('settings');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      px="xs"
      py={6}
      data-testid={`sortable-${id}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          style={{ cursor: 'grab', touchAction: 'none' }}
          aria-label={t('storeForms.dragHandle', { name })}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        {children}
      </Group>
    </Paper>
  );
}
