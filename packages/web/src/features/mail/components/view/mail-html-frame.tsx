import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMailAttachment } from '@claimdesk/contracts';
import { buildSrcdoc } from '../../lib/mail-html';
import { useInlineImages } from './use-inline-images';

interface Props {
  html: string;
  attachments: TMailAttachment[];
  showRemoteImages: boolean;
  showQuoted: boolean;
}

/**
 * The mail's HTML in a frame that runs no script and has no origin (sandbox without
 * allow-scripts or allow-same-origin); links may open in a new tab outside the sandbox.
 */
export function MailHtmlFrame({ html, attachments, showRemoteImages, showQuoted }: Props) {
  const { t } = useTranslation('mail');
  const inlineImages = useInlineImages(html, attachments);
  const { srcdoc, height } = useMemo(
    () => buildSrcdoc({ html, showRemoteImages, showQuoted, inlineImages }),
    [html, showRemoteImages, showQuoted, inlineImages],
  );
  return (
    <iframe
      title={t('view.frameTitle')}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={srcdoc}
      data-testid="mail-frame"
      style={{
        display: 'block',
        width: '100%',
        height,
        border: 0,
        resize: 'vertical',
        overflow: 'auto',
      }}
    />
  );
}
