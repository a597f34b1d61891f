import { Anchor, Box } from '@mantine/core';
import { Fragment, useMemo } from 'react';
import { linkify, splitMailText } from '../../lib/mail-text';

/** One run of text with its links made clickable; the text is never read as HTML. */
function LinkedText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.href ? (
      <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </Anchor>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

/** A plain-text mail: its line breaks kept, quoted lines and a long signature folded unless shown. */
export function MailTextBody({ text, showQuoted }: { text: string; showQuoted: boolean }) {
  const segments = useMemo(() => splitMailText(text), [text]);
  return (
    <Box
      data-testid="mail-text"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}
    >
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>
            <LinkedText text={segment.text} />
            {'\n'}
          </Fragment>
        ) : showQuoted ? (
          <Box key={index} c="dimmed" pl="xs" style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}>
            <LinkedText text={segment.text} />
          </Box>
        ) : null,
      )}
    </Box>
  );
}
