import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileWord,
  IconFileZip,
  IconMail,
  IconPhoto,
} from '@tabler/icons-react';
import type { TAttachmentKind } from '../../lib/attachment-kind';

const ICONS = {
  image: IconPhoto,
  pdf: IconFileTypePdf,
  text: IconFileText,
  archive: IconFileZip,
  spreadsheet: IconFileSpreadsheet,
  document: IconFileWord,
  mail: IconMail,
  other: IconFile,
} as const;

/** The icon of a kind of file. */
export function AttachmentIcon({ kind, size = 20 }: { kind: TAttachmentKind; size?: number }) {
  const Icon = ICONS[kind];
  return <Icon size={size} aria-hidden data-kind={kind} />;
}
