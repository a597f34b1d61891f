import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

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

/**
 * A light badge or button of one exact shade ("red.9") is drawn like its colour's light variant:
 * Mantine would write it in shade 6 on a pale tint of shade 9, under 4.5:1 (a supplier's overdue
 * badge); the colour's light variant text reads well in both schemes.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  if (input.variant === 'light' && input.color) {
    const parsed = parseThemeColor({ color: input.color, theme: input.theme });
    if (parsed.isThemeColor && parsed.shade !== undefined)
      return defaultVariantColorsResolver({ ...input, color: parsed.color });
  }
  return defaultVariantColorsResolver(input);
};

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
  variantColorResolver,
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', centered: true } },
  },
});

/** Mantine's colours whose light variant (a light badge) is drawn on its shade 1. */
const LIGHT_VARIANT_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
];

/**
 * A light badge's text in the light scheme: shade 9 darkened, as shade 9 alone is too pale on
 * teal, green, yellow and orange for 4.5:1 (axe found it on the dashboard and the item types).
 */
const LIGHT_VARIANT_TEXT = Object.fromEntries(
  LIGHT_VARIANT_COLORS.map((color) => [
    `--mantine-color-${color}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black)`,
  ]),
);

/** Dimmed and error texts with a 4.5:1 contrast on the panels: darker in light, lighter in dark. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...LIGHT_VARIANT_TEXT,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    // Lighter than Mantine's dark-2 and red-8: 4.5:1 on the dark panels (dark-6 and dark-7).
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
