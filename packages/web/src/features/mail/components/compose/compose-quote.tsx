import { Anchor, Collapse } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The answered mail's quote, folded below the text (it goes along with the mail). */
export function ComposeQuote({ html }: { html: string }) {
  const { t } = useTranslation('compose');
  const [isShown, setShown] = useState(false);
  return (
    <div>
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => setShown((s) => !s)}
        aria-expanded={isShown}
      >
        {isShown ? t('quote.hide') : t('quote.show')}
      </Anchor>
      <Collapse expanded={isShown}>
        {/* The quote is the server's sanitised HTML of a stored mail. */}
        <div
          className="compose-quote"
          data-testid="compose-quote"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Collapse>
    </div>
  );
}
