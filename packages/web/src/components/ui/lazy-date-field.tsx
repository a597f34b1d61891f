import { TextInput } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';
import type { DateField as TDateField } from './date-field';

const DateField = lazy(() => import('./date-field').then((m) => ({ default: m.DateField })));

type Props = ComponentProps<typeof TDateField>;

/**
 * The date field for a page that opens with dates only as filters (the case list): the calendar
 * and its date library (about 17 KB gzip) load after the page, not before it. Until they have
 * loaded, a read-only field of the same label and size stands in, so nothing typed is lost.
 */
export function LazyDateField(props: Props) {
  const { label, size, w, placeholder, value } = props;
  return (
    <Suspense
      fallback={
        <TextInput label={label} size={size} w={w} placeholder={placeholder} value={value} readOnly />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
