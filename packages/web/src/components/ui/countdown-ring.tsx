import { RingProgress, Text } from '@mantine/core';

/** A small ring that empties as a countdown runs; the number is announced to screen readers. */
export function CountdownRing({
  remaining,
  total,
  label,
}: {
  remaining: number;
  total: number;
  label: string;
}) {
  return (
    <RingProgress
      size={48}
      thickness={4}
      roundCaps
      sections={[{ value: (remaining / total) * 100, color: 'orange' }]}
      label={
        <Text ta="center" size="sm" fw={700} aria-label={label} data-testid="countdown">
          {remaining}
        </Text>
      }
    />
  );
}
