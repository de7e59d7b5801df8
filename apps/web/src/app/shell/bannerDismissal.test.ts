import { describe, expect, it } from 'vitest';
import { dismissBanner, isBannerDismissed } from './bannerDismissal';

/** A minimal Storage over a Map, as sessionStorage behaves within one tab. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, v),
  };
}

describe('banner dismissal', () => {
  it('remembers a dismissal per account level', () => {
    const storage = memoryStorage();
    expect(isBannerDismissed('trial', storage)).toBe(false);
    dismissBanner('trial', storage);
    expect(isBannerDismissed('trial', storage)).toBe(true);
    expect(isBannerDismissed('payment_failed', storage)).toBe(false);
  });

  it('survives storage that throws', () => {
    const broken = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    } as Storage;
    expect(() => dismissBanner('trial', broken)).not.toThrow();
    expect(isBannerDismissed('trial', broken)).toBe(false);
    expect(isBannerDismissed('trial', null)).toBe(false);
  });
});
