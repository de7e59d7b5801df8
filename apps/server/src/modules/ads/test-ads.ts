import type { ServeableAd } from './rules.js';

/** A cached house ad for the module's unit tests: running since 2026, weight 1, in 'home'. */
export const testAd = (over: Partial<ServeableAd>): ServeableAd => ({
  id: 1,
  title: 't',
  linkUrl: 'https://example.com',
  slot: 'home',
  imageUrl: '/media/public/ad-images/1-0000000000000000.png',
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  weight: 1,
  ...over,
});
