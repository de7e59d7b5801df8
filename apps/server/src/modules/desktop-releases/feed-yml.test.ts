import { describe, expect, it } from 'vitest';
import { MAX_FEED_BYTES, parseFeed } from './feed-yml.js';

/** latest-mac.yml as electron-builder 25/26 writes it. */
const MAC_FEED = `version: 2.5.0
files:
  - url: RideAlong-2.5.0-mac.zip
    sha512: 3q2+7w==
    size: 104857600
    blockMapSize: 109876
  - url: RideAlong-2.5.0.dmg
    sha512: 'YWJj+/=='
    size: 110100480
path: RideAlong-2.5.0-mac.zip
sha512: 3q2+7w==
releaseDate: '2026-11-26T02:00:00.000Z'
`;

describe('the update feed reader', () => {
  it("reads electron-builder's fields", () => {
    expect(parseFeed(MAC_FEED)).toEqual({
      ok: true,
      info: {
        version: '2.5.0',
        files: [
          { url: 'RideAlong-2.5.0-mac.zip', sha512: '3q2+7w==', size: 104857600 },
          { url: 'RideAlong-2.5.0.dmg', sha512: 'YWJj+/==', size: 110100480 },
        ],
        path: 'RideAlong-2.5.0-mac.zip',
        sha512: '3q2+7w==',
        releaseDate: '2026-11-26T02:00:00.000Z',
      },
    });
  });

  it('skips release notes and other keys, comments and Windows line ends', () => {
    const text = [
      '# published by the release machine',
      'version: "2.6.0"',
      'releaseNotes: |',
      '  Faster start.',
      '  - not a file',
      'files:',
      '  - url: RideAlong-Setup-2.6.0.exe',
      '    sha512: abc',
      '    size: 10',
      '    isAdminRightsRequired: true',
      'stagingPercentage: 50',
    ].join('\r\n');
    const parsed = parseFeed(text);
    expect(parsed.ok && parsed.info.version).toBe('2.6.0');
    expect(parsed.ok && parsed.info.files).toEqual([
      { url: 'RideAlong-Setup-2.6.0.exe', sha512: 'abc', size: 10 },
    ]);
    expect(parsed.ok && parsed.info.path).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['no version', 'files:\n  - url: a.exe\n    sha512: x\n    size: 1\n'],
    ['no files', 'version: 2.5.0\n'],
    ['a file without size', 'version: 2.5.0\nfiles:\n  - url: a.exe\n    sha512: x\n'],
    [
      'a size that is not a number',
      'version: 2.5.0\nfiles:\n  - url: a\n    sha512: x\n    size: -1\n',
    ],
    [
      'a key twice',
      'version: 1.0.0\nversion: 2.0.0\nfiles:\n  - url: a\n    sha512: x\n    size: 1\n',
    ],
    ['tabs', 'version: 2.5.0\nfiles:\n\t- url: a\n'],
    ['not YAML', '<html><body>502 Bad Gateway</body></html>'],
    ['an indented line outside files', 'version: 2.5.0\n  url: a\n'],
    ['binary', '\u0000\u0001\u0002'],
    ['too large', 'x'.repeat(MAX_FEED_BYTES + 1)],
    [
      'too many files',
      `version: 2.5.0\nfiles:\n${'  - url: a\n    sha512: x\n    size: 1\n'.repeat(21)}`,
    ],
  ])('refuses a feed with %s', (_, text) => {
    expect(parseFeed(text).ok).toBe(false);
  });

  it('treats prototype names as plain keys', () => {
    const parsed = parseFeed(
      'constructor: x\nhasOwnProperty: y\nversion: 2.5.0\nfiles:\n  - url: a\n    toString: b\n    sha512: x\n    size: 1\n',
    );
    expect(parsed.ok && parsed.info.files).toEqual([{ url: 'a', sha512: 'x', size: 1 }]);
  });
});
