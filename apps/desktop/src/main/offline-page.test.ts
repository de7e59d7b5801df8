import { describe, expect, it } from 'vitest';
import { OFFLINE_PAGE_CSP, offlinePageHtml, retryText } from './offline-page.js';

describe('offlinePageHtml', () => {
  it('says the server cannot be reached, names it and says when it retries', () => {
    const html = offlinePageHtml({ serverUrl: 'https://app.ridealong.cc', retryInSeconds: 8 });
    expect(html).toContain('<h1>RideAlong cannot reach its server</h1>');
    expect(html).toContain(
      'The server at <code>https://app.ridealong.cc</code> cannot be reached right now.',
    );
    expect(html).toContain('<p role="status">Trying again in 8 seconds.</p>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>RideAlong: cannot reach the server</title>');
  });

  it('has its own strict policy and no scripts', () => {
    const html = offlinePageHtml({ serverUrl: 'http://localhost:8080', retryInSeconds: 2 });
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${OFFLINE_PAGE_CSP}">`,
    );
    expect(OFFLINE_PAGE_CSP).toMatch(/^default-src 'none';/);
    expect(OFFLINE_PAGE_CSP).not.toContain('script-src');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes the server URL', () => {
    const html = offlinePageHtml({
      serverUrl: 'https://x.example/"><script>alert(1)</script>',
      retryInSeconds: 2,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('retryText', () => {
  it('counts seconds', () => {
    expect(retryText(1)).toBe('Trying again in 1 second.');
    expect(retryText(30)).toBe('Trying again in 30 seconds.');
    expect(retryText(0.2)).toBe('Trying again in 1 second.');
  });
});
