/** The browser's IANA time zone: the reader's calendar days for reports, exports and PDFs. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
