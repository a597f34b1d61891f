import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Orange whose darker half keeps white text and orange text on light orange at 4.5:1 or more. */
const orange: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#f76707',
  '#c2410c',
  '#b23c0b',
  '#9a3412',
  '#7c2d12',
];

/** One calm theme: orange accent, soft greys, rounded corners. */
export const theme = createTheme({
  primaryColor: 'orange',
  // Shade 6 in both: white text on shade 5 (#f76707) is only 3:1.
  primaryShade: { light: 6, dark: 6 },
  colors: { orange },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', centered: true } },
  },
});

/** Dimmed and error texts with a 4.5:1 contrast on the panels: darker in light, lighter in dark. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    // Lighter than Mantine's dark-2 and red-8: 4.5:1 on the dark panels (dark-6 and dark-7).
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
