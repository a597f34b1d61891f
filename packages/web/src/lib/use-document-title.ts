import { useEffect } from 'react';

/** The product's name, last in every tab title; a name, so the same in every language. */
export const APP_NAME = 'Claimdesk';

/** The tab title of a screen: its translated title, its count when above 0, the product's name. */
export const documentTitle = (title: string, count?: number): string =>
  `${title}${count ? ` (${String(count)})` : ''} · ${APP_NAME}`;

/**
 * Sets the browser tab's title while the screen is shown ("Inbox (3) · Claimdesk"); each route
 * calls it with its translated title. Nothing is set while the title is not known yet (null):
 * the tab keeps the one before rather than flashing the bare product name.
 */
export function useDocumentTitle(title: string | null | undefined, count?: number): void {
  useEffect(() => {
    if (title) document.title = documentTitle(title, count);
  }, [title, count]);
}
