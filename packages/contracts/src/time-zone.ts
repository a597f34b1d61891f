import { ZText } from './text';

/** Whether the platform's Intl knows `zone` as an IANA time zone. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone (the reader's, e.g. Europe/Oslo): the zone whose calendar days and times apply. */
export const ZTimeZone = ZText.max(64).refine(isTimeZone, {
  message: 'Not a time zone (an IANA name such as Europe/Oslo)',
});
