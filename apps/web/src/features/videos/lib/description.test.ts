import { describe, expect, it } from 'vitest';
import { truncateDescription } from './description';

describe('video description', () => {
  const long = 'a'.repeat(400);

  it('is cut at 350 characters on wide screens until expanded', () => {
    expect(truncateDescription(long, { wide: true, expanded: false })).toEqual({
      text: 'a'.repeat(350),
      truncated: true,
    });
    expect(truncateDescription(long, { wide: true, expanded: true }).truncated).toBe(false);
  });

  it('is whole on narrow screens and when short', () => {
    expect(truncateDescription(long, { wide: false, expanded: false }).text).toHaveLength(400);
    expect(truncateDescription('short', { wide: true, expanded: false })).toEqual({
      text: 'short',
      truncated: false,
    });
  });
});
