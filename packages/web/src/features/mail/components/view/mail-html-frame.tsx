import { useEffect, useMemo, useRef, useState } from 'react';
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
 * The height the frame's document needs: its body (the page's own height would never shrink below
 * the frame's), plus a horizontal scroll bar when a wide table or picture has one.
 */
const contentHeight = (frame: HTMLIFrameElement): number | null => {
  const doc = frame.contentDocument;
  if (!doc?.body) return null;
  const root = doc.documentElement;
  const body = Math.ceil(Math.max(doc.body.scrollHeight, doc.body.getBoundingClientRect().height));
  const scrollBar = root.scrollWidth > root.clientWidth ? frame.clientHeight - root.clientHeight : 0;
  return body + Math.max(scrollBar, 0);
};

/**
 * Keeps the frame as tall as its mail: measured when the document loads, when each picture loads
 * or is refused, and whenever the body changes size (a narrower pane, a late font).
 */
const useFrameHeight = (frame: React.RefObject<HTMLIFrameElement | null>): number | null => {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let detach: () => void = () => undefined;
    // A mail sized by the window (100vh) would grow with each measure: stop after a run of growth.
    let growth = { count: 0, since: 0, last: 0 };
    const measure = () => {
      const next = contentHeight(element);
      if (next === null || next <= 0 || next === growth.last) return;
      const now = performance.now();
      if (next > growth.last) {
        growth =
          now - growth.since < 2000
            ? { ...growth, count: growth.count + 1 }
            : { count: 1, since: now, last: 0 };
        if (growth.count > 40) return;
      }
      growth.last = next;
      setHeight(next);
    };
    const attach = () => {
      detach();
      growth = { count: 0, since: 0, last: 0 };
      const doc = element.contentDocument;
      if (!doc?.body) return;
      measure();
      // Pictures' load and error events do not bubble: catch them on the way down.
      doc.addEventListener('load', measure, true);
      doc.addEventListener('error', measure, true);
      const observer = new ResizeObserver(measure);
      observer.observe(doc.body);
      detach = () => {
        observer.disconnect();
        doc.removeEventListener('load', measure, true);
        doc.removeEventListener('error', measure, true);
      };
    };
    element.addEventListener('load', attach);
    return () => {
      element.removeEventListener('load', attach);
      detach();
    };
  }, [frame]);
  return height;
};

/**
 * The mail's HTML in a frame that runs no script (sandbox without allow-scripts, and a policy of
 * its own that allows none); links may open in a new tab outside the sandbox. The frame shares the
 * page's origin (allow-same-origin) only so that the page can measure it: without allow-scripts
 * nothing in the mail can use that, and the server's sanitiser has already removed scripts.
 */
export function MailHtmlFrame({ html, attachments, showRemoteImages, showQuoted }: Props) {
  const { t } = useTranslation('mail');
  const inlineImages = useInlineImages(html, attachments);
  const frame = useRef<HTMLIFrameElement>(null);
  const measured = useFrameHeight(frame);
  const { srcdoc, height } = useMemo(
    () => buildSrcdoc({ html, showRemoteImages, showQuoted, inlineImages }),
    [html, showRemoteImages, showQuoted, inlineImages],
  );
  return (
    <iframe
      ref={frame}
      title={t('view.frameTitle')}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={srcdoc}
      data-testid="mail-frame"
      data-measured={measured !== null || undefined}
      style={{
        display: 'block',
        width: '100%',
        // The guess holds the place until the mail is drawn and measured.
        height: measured ?? height,
        border: 0,
      }}
    />
  );
}
