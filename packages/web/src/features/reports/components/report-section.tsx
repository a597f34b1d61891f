import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One block of the screen: a title, its CSV buttons, its figures, charts and tables. */
export function ReportSection({
  id,
  title,
  description,
  downloads,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  downloads: { label: string; onClick: () => void; isLoading?: boolean }[];
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      data-testid={id}
    >
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {downloads.map((d) => (
            <Button
              key={d.label}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
              loading={d.isLoading}
              onClick={d.onClick}
            >
              {d.label}
            </Button>
          ))}
        </Group>
      </Group>
      <Stack gap="lg">{children}</Stack>
    </Paper>
  );
}

/** The headline figures of a section, side by side (two a row on a phone). */
export function Figures({ items }: { items: { label: string; value: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: items.length }} spacing="sm">
      {items.map((item) => (
        <Paper key={item.label} bg="var(--mantine-color-default-hover)" p="sm" radius="sm">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={700} fz={{ base: 'md', sm: 'lg' }} data-figure={item.label}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
