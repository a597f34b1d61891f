import { Badge } from '@mantine/core';
import type { TStatusOptionsConfig } from '@claimdesk/contracts';
import { useConfigLabel } from '../hooks/use-config-label';

/** A case status in the colour its status option gives it. */
export function StatusBadge({
  status,
  options,
}: {
  status: string;
  options: TStatusOptionsConfig | undefined;
}) {
  const label = useConfigLabel();
  const option = options?.statuses.find((s) => s.value === status);
  const color = option?.color ?? 'gray';
  return (
    <Badge
      variant="light"
      color={color}
      // The light variant's text, even shade 9, is too pale on yellow and green for WCAG AA: darken
      // it. In the dark scheme Mantine's own light text on the dark badge reads well.
      c={`light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black), var(--mantine-color-${color}-light-color))`}
      size="md"
      tt="none"
      fw={600}
      data-testid="status-badge"
      // A long status ("Venter på leverandør") wraps inside a narrow list column instead of being cut.
      styles={{
        root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
        label: { overflow: 'visible', whiteSpace: 'normal', lineHeight: 1.35 },
      }}
    >
      {option ? label(option.label) : status}
    </Badge>
  );
}
