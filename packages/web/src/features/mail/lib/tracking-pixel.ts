/** The attribute the server moved a remote image's address to. */
export const BLOCKED_SRC = 'data-blocked-src';

const pixels = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  return match ? Number(match[1]) : null;
};

const styleValue = (style: string, property: string): string | null => {
  const match = new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, 'i').exec(style);
  return match?.[1]?.trim() ?? null;
};

/**
 * A tracking pixel: an image of at most 2 px either way, or one kept out of sight
 * (display:none, visibility:hidden). It only tells the sender the mail was read, so it never loads.
 */
export const isTrackingPixel = (img: Element): boolean => {
  const style = img.getAttribute('style') ?? '';
  const display = styleValue(style, 'display');
  const visibility = styleValue(style, 'visibility');
  if (display?.toLowerCase().startsWith('none') || visibility?.toLowerCase().startsWith('hidden'))
    return true;
  const width = pixels(img.getAttribute('width')) ?? pixels(styleValue(style, 'width'));
  const height = pixels(img.getAttribute('height')) ?? pixels(styleValue(style, 'height'));
  return (width !== null && width <= 2) || (height !== null && height <= 2);
};
