import { describe, expect, it } from 'vitest';
import { mediaAccess, type Viewer } from '../modules/media/access.js';
import { SAMPLE_VIDEOS } from './catalogue-content.js';
import { SAMPLE_CHALLENGES } from './challenges.js';

/** Sample content must be completable by a member on the trial of a fresh install. */

const now = new Date('2026-11-05T10:00:00Z');
const trialMember: Viewer = {
  id: 999_999,
  admin: false,
  accountLevel: 'trial',
  previousAccountLevel: null,
  currentPeriodEndDate: new Date('2026-11-20T00:00:00Z'),
};

describe('sample challenges', () => {
  const raced = SAMPLE_CHALLENGES.filter((c) => c.videos);

  it('has a race over catalogue videos', () => {
    expect(raced.length).toBeGreaterThan(0);
  });

  it.each(raced.flatMap((c) => (c.videos ?? []).map((url) => [c.title, url] as const)))(
    '%s: %s plays in full on the trial plan',
    (_title, url) => {
      const video = SAMPLE_VIDEOS.find((v) => v.url === url);
      expect(video, `${url} is not in the sample catalogue`).toBeDefined();
      // Not counting on the sampler month: a sampler is free only in the month it was made.
      const access = mediaAccess(
        trialMember,
        { userId: 1, exclusive: video?.exclusive ?? false, samplerMonth: null },
        'full',
        now,
      );
      expect(access.allowed).toBe(true);
    },
  );

  it('would catch a Pro-only video in a race', () => {
    const pro = SAMPLE_VIDEOS.find((v) => v.exclusive);
    expect(pro).toBeDefined();
    const access = mediaAccess(
      trialMember,
      { userId: 1, exclusive: true, samplerMonth: null },
      'full',
      now,
    );
    expect(access.allowed).toBe(false);
  });
});
