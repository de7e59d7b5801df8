import { mkdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopDownloads } from '@ridealong/contracts';
import { backends, startServer, type TestServer } from './harness.js';

const DOCUMENT_VERSIONS = ['8.2.1', '2.3.5', '2.3.6', '2.3.7', '2.3.8', '2.3.9', '2.4.0'];

const feed = (version: string, files: Array<[string, number]>) =>
  [
    `version: ${version}`,
    'files:',
    ...files.flatMap(([url, size]) => [`  - url: ${url}`, '    sha512: c2hh', `    size: ${size}`]),
    `path: ${files[0]?.[0] ?? ''}`,
    'sha512: c2hh',
    "releaseDate: '2026-11-26T02:00:00.000Z'",
  ].join('\n');

/** Tests write the releases folder by hand, as a release machine's copy would. */
describe('desktop releases: the feed, the stable links and the supported versions', () => {
  let s: TestServer;
  let dir: string;
  let tick = 0;
  const dmg = Buffer.from('dmg-bytes-'.repeat(100));

  /** Writes a file with a later mtime than anything before (the server notices by mtime). */
  const put = async (name: string, content: string | Buffer) => {
    await writeFile(path.join(dir, name), content);
    tick += 10;
    const t = new Date(Date.now() + tick * 1000);
    await utimes(path.join(dir, name), t, t);
    await utimes(dir, t, t);
  };
  /** The server looks at the folder at most once a second. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));
  const downloads = async () => {
    const res = await s.get('/api/v1/desktop/downloads');
    expect(res.status).toBe(200);
    return (await res.json()) as DesktopDownloads;
  };

  beforeAll(async () => {
    s = await startServer(backends[0]!, {});
    // The harness's data folder: the releases folder is $DATA_DIR/releases by default.
    const res = await s.get('/healthz');
    expect(res.status).toBe(200);
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    dir = path.join(await dataDirOf(s), 'releases');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    tick += 10;
    await settle();
  });

  it('publishes nothing from an empty folder, and supports the documents and this app', async () => {
    const answer = await downloads();
    expect(answer).toEqual({
      version: null,
      platforms: { mac: null, windows: null, linux: null },
      supported_versions: [...DOCUMENT_VERSIONS, '2.5.0'],
    });
    const windows = await fetch(`${s.baseUrl}/download/windows`, { redirect: 'manual' });
    expect(windows.status).toBe(404);
    expect(await windows.json()).toEqual({
      status: 'failure',
      message: 'The desktop app for Windows is not published yet.',
    });
    const page = await fetch(`${s.baseUrl}/download/windows`, {
      headers: { accept: 'text/html,*/*' },
    });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('ride in your browser');
  });

  it('publishes what a feed lists: stable link, file, Range, caching, new versions', async () => {
    await put('RideAlong-2.6.0.dmg', dmg);
    await put('RideAlong-2.6.0-mac.zip', 'zip');
    await put('RideAlong-2.6.0-mac.zip.blockmap', 'map');
    await put(
      'latest-mac.yml',
      feed('2.6.0', [
        ['RideAlong-2.6.0-mac.zip', 3],
        ['RideAlong-2.6.0.dmg', dmg.length],
      ]),
    );
    await settle();

    const answer = await downloads();
    expect(answer.version).toBe('2.6.0');
    expect(answer.platforms).toEqual({
      mac: {
        url: '/download/mac',
        file: 'RideAlong-2.6.0.dmg',
        size: dmg.length,
        version: '2.6.0',
      },
      windows: null,
      linux: null,
    });
    expect(answer.supported_versions).toEqual([...DOCUMENT_VERSIONS, '2.5.0', '2.6.0']);

    const link = await fetch(`${s.baseUrl}/download/mac`, { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/desktop/releases/RideAlong-2.6.0.dmg');

    const file = await fetch(`${s.baseUrl}/download/mac`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/x-apple-diskimage');
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="RideAlong-2.6.0.dmg"',
    );
    expect(file.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(dmg);

    const part = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0.dmg`, {
      headers: { range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${dmg.length}`);
    expect(await part.text()).toBe('dmg-bytes-');
    const beyond = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0.dmg`, {
      headers: { range: `bytes=${dmg.length + 5}-` },
    });
    expect(beyond.status).toBe(416);

    const yml = await fetch(`${s.baseUrl}/desktop/releases/latest-mac.yml`);
    expect(yml.headers.get('content-type')).toBe('text/yaml; charset=utf-8');
    expect(yml.headers.get('cache-control')).toBe('no-cache');
    const etag = yml.headers.get('etag') ?? '';
    const again = await fetch(`${s.baseUrl}/desktop/releases/latest-mac.yml`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const blockmap = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0-mac.zip.blockmap`);
    expect(blockmap.status).toBe(200);
    const head = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0.dmg`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(dmg.length));
  });

  it('notices a new release and a removed one', async () => {
    await put('RideAlong-Setup-2.6.0.exe', 'exe');
    await put('latest.yml', feed('2.6.0', [['RideAlong-Setup-2.6.0.exe', 3]]));
    await settle();
    expect((await downloads()).platforms.windows?.file).toBe('RideAlong-Setup-2.6.0.exe');

    await put('RideAlong-Setup-2.7.0.exe', 'exe2');
    await put('latest.yml', feed('2.7.0', [['RideAlong-Setup-2.7.0.exe', 4]]));
    await settle();
    const next = await downloads();
    expect(next.platforms.windows).toMatchObject({
      file: 'RideAlong-Setup-2.7.0.exe',
      version: '2.7.0',
    });
    expect(next.supported_versions).toContain('2.7.0');
    // The previous installer is still a valid installer name: a half-updated client may finish.
    expect((await fetch(`${s.baseUrl}/desktop/releases/RideAlong-Setup-2.6.0.exe`)).status).toBe(
      200,
    );

    await rm(path.join(dir, 'latest.yml'));
    await put('unrelated.txt', 'x');
    await settle();
    expect((await downloads()).platforms.windows).toBeNull();
  });

  it('publishes nothing for a broken or hostile feed, and keeps serving', async () => {
    await put('RideAlong-2.6.0.AppImage', 'elf');
    await put('latest-linux.yml', '<html>502 Bad Gateway</html>');
    await put('latest.yml', feed('2.6.0', [['https://evil.test/RideAlong-Setup-2.6.0.exe', 3]]));
    await put('latest-mac.yml', feed('2.6.0', [['../secret.dmg', 3]]));
    await settle();
    const answer = await downloads();
    expect(answer.platforms).toEqual({ mac: null, windows: null, linux: null });
    expect(answer.supported_versions).toEqual([...DOCUMENT_VERSIONS, '2.5.0']);
    expect((await fetch(`${s.baseUrl}/download/linux`, { redirect: 'manual' })).status).toBe(404);

    await put('latest-linux.yml', feed('2.6.0', [['RideAlong-2.6.0.AppImage', 3]]));
    await settle();
    const fixed = await downloads();
    expect(fixed.platforms.linux?.file).toBe('RideAlong-2.6.0.AppImage');
    const res = await fetch(`${s.baseUrl}/download/linux`);
    expect(res.headers.get('content-type')).toBe('application/vnd.appimage');
    expect(await res.text()).toBe('elf');
  });

  it('serves published names only: no listing, traversal, unknown or hidden files, links', async () => {
    await put('notes.txt', 'private');
    await put('.env', 'SECRET=1');
    await put('RideAlong-2.6.0.dmg', dmg);
    await symlink('/etc/hostname', path.join(dir, 'RideAlong-2.6.1.dmg')).catch(() => undefined);
    await put('latest-mac.yml', feed('2.6.0', [['RideAlong-2.6.0.dmg', dmg.length]]));
    await settle();
    const paths = [
      '/desktop/releases',
      '/desktop/releases/',
      '/desktop/releases/notes.txt',
      '/desktop/releases/.env',
      '/desktop/releases/RideAlong-2.6.1.dmg',
      '/desktop/releases/..%2f..%2fpackage.json',
      '/desktop/releases/%2e%2e/%2e%2e/package.json',
      '/desktop/releases/sub/RideAlong-2.6.0.dmg',
      `/desktop/releases/${'a'.repeat(5000)}`,
      '/desktop/releases/latest.yml',
      '/download/freebsd',
      `/download/${'m'.repeat(400)}`,
      '/download/constructor',
    ];
    for (const p of paths) {
      const res = await fetch(s.baseUrl + p, { redirect: 'manual' });
      expect([p, res.status]).toEqual([p, 404]);
      const body = (await res.json()) as { status: string };
      expect(body.status).toBe('failure');
    }
    // A NUL in the address is refused at the door (storable-text guard), as everywhere.
    const nul = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0.dmg%00.txt`);
    expect(nul.status).toBe(400);
    const methods = await fetch(`${s.baseUrl}/desktop/releases/RideAlong-2.6.0.dmg`, {
      method: 'DELETE',
    });
    expect(methods.status).toBe(404);
    const answer = await downloads();
    expect(answer.platforms.mac?.file).toBe('RideAlong-2.6.0.dmg');
  });
});

/** The data folder the harness made for this server (its outbox lives in it). */
async function dataDirOf(s: TestServer): Promise<string> {
  return path.dirname(s.outboxDir);
}
