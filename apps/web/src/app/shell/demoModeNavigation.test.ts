import { describe, expect, it } from 'vitest';
import { demoEntryFrom, demoNavigation } from './demoModeNavigation';

const at = (pathname: string, extra: Partial<Parameters<typeof demoNavigation>[0]> = {}) => ({
  on: true,
  wasOn: false,
  pathname,
  search: '',
  historyState: null,
  ...extra,
});

describe('demoNavigation', () => {
  it('on: goes to /demo, remembering the page with its query', () => {
    expect(demoNavigation(at('/videos', { search: '?page=2' }))).toEqual({
      to: '/demo',
      replace: true,
      state: { demoFrom: '/videos?page=2' },
    });
  });

  it('on while already at /demo: stays', () => {
    expect(demoNavigation(at('/demo'))).toBeNull();
    expect(demoNavigation(at('/demo', { wasOn: true }))).toBeNull();
  });

  it('off: from /demo back to the page the rider was on, else /featured', () => {
    const off = { on: false, wasOn: true };
    expect(demoNavigation(at('/demo', { ...off, historyState: { demoFrom: '/profile' } }))).toEqual(
      { to: '/profile', replace: true },
    );
    expect(demoNavigation(at('/demo', off))).toEqual({ to: '/featured', replace: true });
  });

  it("off that the page already knew (its load, the attract screen's button): stays", () => {
    expect(demoNavigation(at('/demo', { on: false, wasOn: false }))).toBeNull();
    expect(demoNavigation(at('/videos', { on: false, wasOn: true }))).toBeNull();
  });
});

describe('demoEntryFrom', () => {
  it('takes paths of this app only', () => {
    expect(demoEntryFrom({ demoFrom: '/video/abc?x=1' })).toBe('/video/abc?x=1');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      42,
    ]) {
      expect(demoEntryFrom({ demoFrom: bad })).toBeNull();
    }
    expect(demoEntryFrom({ demoFrom: `/${'a'.repeat(5000)}` })).toBeNull();
    expect(demoEntryFrom(null)).toBeNull();
    expect(demoEntryFrom('string state')).toBeNull();
  });

  it('never sends the rider back to /demo itself', () => {
    expect(demoEntryFrom({ demoFrom: '/demo' })).toBeNull();
    expect(demoEntryFrom({ demoFrom: '/demo?kiosk=1' })).toBeNull();
  });
});
