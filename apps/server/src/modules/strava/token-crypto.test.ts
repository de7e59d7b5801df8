import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedFileSecret, stravaSecret, TOKEN_KEY_FILE, tokenCipher } from './token-crypto.js';

const secret = 'k'.repeat(40);

describe('tokenCipher', () => {
  const cipher = tokenCipher(secret);

  it('opens what it sealed, with a fresh IV each time and no plain text', () => {
    const a = cipher.seal('access-123', 'strava:1:access');
    const b = cipher.seal('access-123', 'strava:1:access');
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-123');
    expect(a.startsWith('v1.')).toBe(true);
    expect(cipher.open(a, 'strava:1:access')).toBe('access-123');
  });

  it('refuses another context, another key, tampering and truncated tags', () => {
    const sealed = cipher.seal('refresh-xyz', 'strava:1:refresh');
    expect(cipher.open(sealed, 'strava:2:refresh')).toBeNull();
    expect(cipher.open(sealed, 'strava:1:access')).toBeNull();
    expect(tokenCipher('o'.repeat(40)).open(sealed, 'strava:1:refresh')).toBeNull();
    const [v, iv, body, tag] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(
      cipher.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'strava:1:refresh'),
    ).toBeNull();
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(cipher.open([v, iv, body, short].join('.'), 'strava:1:refresh')).toBeNull();
    for (const junk of ['', 'v1', 'v2.a.b.c', 'v1.a.b.c.d', 'plain-token']) {
      expect(cipher.open(junk, 'strava:1:refresh')).toBeNull();
    }
  });
});

describe('the key file', () => {
  const dirs: string[] = [];
  const freshDir = async () => {
    const d = await mkdtemp(path.join(tmpdir(), 'ra-strava-key-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it('is made once: callers racing on an empty folder all read the same key', async () => {
    const dir = await freshDir();
    const keys = await Promise.all(
      Array.from({ length: 12 }, () => stravaSecret({ stravaTokenKey: null, dataDir: dir })),
    );
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]?.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dir, TOKEN_KEY_FILE), 'utf8')).trim()).toBe(keys[0]);
    expect(await stravaSecret({ stravaTokenKey: null, dataDir: dir })).toBe(keys[0]);
  });

  it('STRAVA_TOKEN_KEY wins; a damaged key file stops rather than being replaced', async () => {
    const dir = await freshDir();
    expect(await stravaSecret({ stravaTokenKey: secret, dataDir: dir })).toBe(secret);
    const file = path.join(dir, 'bad.key');
    await writeFile(file, 'short');
    await expect(sharedFileSecret(file)).rejects.toThrow('shorter than 32');
    expect(await readFile(file, 'utf8')).toBe('short');
  });
});
