import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One dashboard tile: a titled card of a fixed minimum height, so loading does not shift the page. */
export function Tile({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" mih={340} data-testid={testId} component="section" aria-label={title}>
      <Stack gap="md" h="100%">
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {hint && (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
