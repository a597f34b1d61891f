import { IconArchive, IconFolder, IconLifebuoy, IconReceiptRefund, type Icon } from '@tabler/icons-react';

const ICONS: Record<string, Icon> = { archive: IconArchive, claim: IconReceiptRefund, support: IconLifebuoy };

/** The icon of a configured menu entry, by its icon name. */
export function ConfigIcon({ name }: { name: string | undefined }) {
  const Component = (name && ICONS[name]) || IconFolder;
  return <Component size={20} stroke={1.6} aria-hidden />;
}
