import { describe, expect, it } from 'vitest';
import { upgradeCopy } from './upgradeCopy';

describe('upgradeCopy', () => {
  it('names the Pro plan and says it is coming soon while it cannot be bought', () => {
    const copy = upgradeCopy('pro', 'Alpine Pass Climb');
    expect(copy.title).toBe("'Alpine Pass Climb' needs the Pro plan");
    expect(copy.message).toContain('Pro is coming soon and cannot be bought yet.');
    // No way into a checkout that cannot sell it.
    expect(copy.action).toEqual({ to: '/videos', label: 'Find another video' });
  });

  it('offers a member without Core the plan that plays the other videos, not those videos', () => {
    const copy = upgradeCopy('pro', 'Alpine Pass Climb', undefined, 'none');
    expect(copy.title).toBe("'Alpine Pass Climb' needs the Pro plan");
    expect(copy.message).toContain('Pro is coming soon and cannot be bought yet.');
    expect(copy.message).toContain('With Core you ride every other community video');
    expect(copy.action).toEqual({ to: '/pricing', label: 'Get Core' });
    // A Core (or trial) member does ride the others.
    expect(upgradeCopy('pro', null, undefined, 'core').action.to).toBe('/videos');
  });

  it('sends the member to buy the plan once it is on sale', () => {
    const copy = upgradeCopy('pro', null, () => true);
    expect(copy.title).toBe('This video needs the Pro plan');
    expect(copy.action).toEqual({ to: '/pricing', label: 'Get Pro' });
  });

  it('names Core for a community video (Core is on sale)', () => {
    const copy = upgradeCopy('core', 'Coastal Rollers');
    expect(copy.title).toBe("'Coastal Rollers' needs the Core plan");
    expect(copy.action).toEqual({ to: '/pricing', label: 'Get Core' });
  });

  it("keeps the documents' generic page when the video is unknown", () => {
    expect(upgradeCopy(undefined, null).title).toBe('This video needs an upgrade');
    expect(upgradeCopy(null, 'A sampler').action.to).toBe('/pricing');
  });
});
