import {
  Anchor,
  createTheme,
  DEFAULT_THEME,
  Loader,
  luminance,
  Notification,
  type MantineColorsTuple,
} from '@mantine/core';

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` (#rrggbb) with each channel scaled by `factor` (below 1: darker, same hue). */
function scale(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [n >> 16, (n >> 8) & 255, n & 255].map((c) => Math.round(c * factor));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour itself if it has `ratio` against white, else the lightest darker shade that has. */
function darkEnough(hex: string, ratio: number): string {
  let factor = 1;
  while (contrastRatio(scale(hex, factor), '#ffffff') < ratio && factor > 0) factor -= 0.01;
  return scale(hex, factor);
}

/**
 * The minimum contrast on white of shades 6 to 9. Shade 6 is the light scheme's primary shade:
 * filled backgrounds under white text, and text of c="red", Badge/Alert light variants (on a
 * 10% tint of themselves, hence above 4.5) and the 'dimmed' grey.
 */
export const SHADE_CONTRAST = { 6: 5.3, 7: 6.2, 8: 7.4, 9: 9 } as const;

/**
 * Mantine's palette with shades 6 to 9 darkened (same hue) where they fall short of
 * SHADE_CONTRAST, so every text and filled colour passes WCAG AA on white and on light tints.
 * Shades 0 to 5 (backgrounds, borders, text on dark pictures) stay as they are.
 */
export function accessiblePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  for (const [shade, ratio] of Object.entries(SHADE_CONTRAST)) {
    const i = Number(shade);
    shades[i] = darkEnough(palette[i] ?? '#000000', ratio);
  }
  return shades as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [
    name,
    name === 'dark' ? palette : accessiblePalette(palette),
  ]),
);

/** The app's theme: 'dimmed' text is gray.6 in the light scheme, so it follows the palette. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 6, dark: 8 },
  defaultRadius: 'md',
  colors,
  components: {
    // Links in running text are told apart by more than colour (WCAG 1.4.1): underlined.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A spinner's aria-label needs a role to be allowed (axe aria-prohibited-attr on a span).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A notification's close button is an icon: named, or axe fails the page it shows on.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});
