import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, SHADE_CONTRAST, theme } from './theme';

/** `hex` laid at `alpha` over white, as Mantine's light variants tint their background. */
function tint(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = [n >> 16, (n >> 8) & 255, n & 255].map((c) =>
    Math.round(c * alpha + 255 * (1 - alpha)),
  );
  return `#${mix.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const palettes = Object.entries(theme.colors ?? {}).filter(([name]) => name !== 'dark');

describe('theme colours', () => {
  it('computes the WCAG ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it.each(palettes)('%s: shades 6 to 9 reach their contrast on white', (_, palette) => {
    for (const [shade, ratio] of Object.entries(SHADE_CONTRAST)) {
      expect(contrastRatio(palette?.[Number(shade)] ?? '', '#ffffff')).toBeGreaterThanOrEqual(
        ratio,
      );
    }
  });

  it.each(palettes)(
    '%s: the primary shade is readable on its own light tint and as a fill',
    (_, palette) => {
      const shade = palette?.[6] ?? '';
      // Badge/Alert light variant: text of shade 6 on 10% of it; filled: white text on shade 6.
      expect(contrastRatio(shade, tint(shade, 0.1))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps the light shades and colours that already pass', () => {
    const blue = theme.colors?.blue;
    expect(blue?.slice(0, 6)).toEqual([...DEFAULT_THEME.colors.blue].slice(0, 6));
    // gray.9 already had far more than 9:1.
    expect(theme.colors?.gray?.[9]).toBe(DEFAULT_THEME.colors.gray[9]);
  });
});
