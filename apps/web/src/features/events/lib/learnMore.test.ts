import { describe, expect, it } from 'vitest';
import { LEARN_MORE_TEXT, learnMoreReader, offersDownload } from './learnMore';

describe('learn more', () => {
  it('tells the desktop app to connect a trainer, pick a video and click Ride with friends', () => {
    const text = LEARN_MORE_TEXT[learnMoreReader(true)];
    expect(text).toContain('smart trainer');
    expect(text).toContain('pick a video from the collection');
    expect(text).toContain('click Ride with friends');
    expect(offersDownload('desktop')).toBe(false);
  });

  it('tells a browser to use the desktop app and offers the installer', () => {
    expect(learnMoreReader(false)).toBe('browser');
    expect(LEARN_MORE_TEXT.browser).toContain('desktop app');
    expect(offersDownload('browser')).toBe(true);
  });
});
