import { describe, expect, it } from 'vitest';
import { visibleTabs } from './tabs';

const base = { mobileDevice: false, electronMode: false, owner: false, admin: false };

describe('video page tabs', () => {
  it('shows Description and Voiceover in a desktop browser', () => {
    expect(visibleTabs(base)).toEqual(['description', 'voiceover']);
  });

  it('hides Voiceover on phones and tablets', () => {
    expect(visibleTabs({ ...base, mobileDevice: true })).toEqual(['description']);
  });

  it('shows Gradients in the desktop app to the owner or an admin only', () => {
    expect(visibleTabs({ ...base, electronMode: true })).not.toContain('gradients');
    expect(visibleTabs({ ...base, electronMode: true, owner: true })).toContain('gradients');
    expect(visibleTabs({ ...base, electronMode: true, admin: true })).toContain('gradients');
    expect(visibleTabs({ ...base, owner: true, admin: true })).not.toContain('gradients');
  });
});
