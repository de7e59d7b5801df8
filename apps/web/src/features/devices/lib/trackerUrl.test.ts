import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRACKER_URL, setAppTrackerUrl, TRACKER_URL_KEY, trackerUrl } from './trackerUrl';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === TRACKER_URL_KEY ? value : null),
});

describe('trackerUrl', () => {
  it('is 127.0.0.1 on the default port without an override', () => {
    expect(DEFAULT_TRACKER_URL).toBe('http://127.0.0.1:47100');
    expect(trackerUrl(storage(null))).toBe(DEFAULT_TRACKER_URL);
    expect(trackerUrl(null)).toBe(DEFAULT_TRACKER_URL);
  });

  it('uses a stored http(s) override', () => {
    expect(trackerUrl(storage('http://127.0.0.1:47110'))).toBe('http://127.0.0.1:47110');
    expect(trackerUrl(storage(' https://tracker.local:9000 '))).toBe('https://tracker.local:9000');
  });

  it('ignores blank, malformed and non-http overrides', () => {
    expect(trackerUrl(storage(''))).toBe(DEFAULT_TRACKER_URL);
    expect(trackerUrl(storage('not a url'))).toBe(DEFAULT_TRACKER_URL);
    expect(trackerUrl(storage('javascript:alert(1)'))).toBe(DEFAULT_TRACKER_URL);
  });

  describe('in the desktop app', () => {
    afterEach(() => setAppTrackerUrl(null));

    it("uses the app's own tracker, whatever the browser override says", () => {
      setAppTrackerUrl('http://127.0.0.1:47123');
      expect(trackerUrl(storage('http://127.0.0.1:47110'))).toBe('http://127.0.0.1:47123');
      expect(trackerUrl(null)).toBe('http://127.0.0.1:47123');
      setAppTrackerUrl(null);
      expect(trackerUrl(storage(null))).toBe(DEFAULT_TRACKER_URL);
    });
  });
});
