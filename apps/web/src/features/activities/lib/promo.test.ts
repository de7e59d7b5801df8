import { describe, expect, it } from 'vitest';
import { LEARN_MORE_TEXT, isTabletUserAgent, offersDownload, promoDevice } from './promo';

const UA = {
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
};

describe('promoDevice', () => {
  it('is desktop in desktop mode whatever the user agent', () => {
    expect(promoDevice({ electronMode: true, userAgent: UA.mac })).toBe('desktop');
    expect(promoDevice({ electronMode: true, userAgent: UA.iphone })).toBe('desktop');
  });

  it('tells phones from tablets', () => {
    expect(promoDevice({ electronMode: false, userAgent: UA.iphone })).toBe('mobile');
    expect(promoDevice({ electronMode: false, userAgent: UA.androidPhone })).toBe('mobile');
    expect(promoDevice({ electronMode: false, userAgent: UA.ipad })).toBe('tablet');
    expect(promoDevice({ electronMode: false, userAgent: UA.androidTablet })).toBe('tablet');
  });

  it('takes a touch Mac (iPadOS) for a tablet and a plain Mac for a browser', () => {
    expect(promoDevice({ electronMode: false, userAgent: UA.mac, maxTouchPoints: 5 })).toBe(
      'tablet',
    );
    expect(promoDevice({ electronMode: false, userAgent: UA.mac, maxTouchPoints: 0 })).toBe(
      'browser',
    );
  });

  it('is browser on desktop operating systems', () => {
    expect(promoDevice({ electronMode: false, userAgent: UA.windows })).toBe('browser');
    expect(promoDevice({ electronMode: false, userAgent: UA.linux })).toBe('browser');
  });
});

describe('isTabletUserAgent', () => {
  it('does not take phones for tablets', () => {
    expect(isTabletUserAgent(UA.androidPhone)).toBe(false);
    expect(isTabletUserAgent(UA.iphone, 5)).toBe(false);
  });
});

describe('learn-more text', () => {
  it('differs for each device kind', () => {
    const texts = new Set(Object.values(LEARN_MORE_TEXT));
    expect(texts.size).toBe(4);
  });

  it('tells the desktop app how to start and the browser to download the app', () => {
    expect(LEARN_MORE_TEXT.desktop).toContain('click Start');
    expect(LEARN_MORE_TEXT.browser).toContain('Download the RideAlong desktop app');
  });

  it('offers the download only to browsers', () => {
    expect(offersDownload('browser')).toBe(true);
    expect(offersDownload('desktop')).toBe(false);
    expect(offersDownload('mobile')).toBe(false);
    expect(offersDownload('tablet')).toBe(false);
  });
});
