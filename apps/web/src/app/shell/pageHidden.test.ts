import { describe, expect, it } from 'vitest';
import { pageHidden } from './pageHidden';

describe('pageHidden', () => {
  it('hides the page while loading', () => {
    expect(pageHidden({ isLoading: true, leavingTo: null, pathname: '/videos' })).toBe(true);
    expect(pageHidden({ isLoading: false, leavingTo: null, pathname: '/videos' })).toBe(false);
  });

  it('keeps the old page hidden after Log Out until its destination is rendered', () => {
    // Loading is over, but React still renders the members-only page's location.
    expect(pageHidden({ isLoading: false, leavingTo: '/', pathname: '/profile' })).toBe(true);
    expect(pageHidden({ isLoading: false, leavingTo: '/', pathname: '/' })).toBe(false);
    expect(pageHidden({ isLoading: false, leavingTo: '/login', pathname: '/' })).toBe(true);
  });
});
