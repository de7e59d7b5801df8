import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from './harness.js';

const pglite = backends[0]!;

describe('serving the web app', () => {
  let s: TestServer;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'ra-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    s = await startServer(pglite, { WEB_DIST_DIR: dist });
  });
  afterAll(() => s.close());

  it('answers client routes with index.html (SPA fallback), not cached', async () => {
    for (const route of ['/', '/featured', '/change-password/abc', '/no-such-page']) {
      const res = await s.get(route);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await s.get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await s.get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('health', () => {
  it('answers 503 once the database stops answering', async () => {
    const s = await startServer(pglite);
    expect((await s.get('/healthz')).status).toBe(200);
    await s.database.close();
    const res = await s.get('/healthz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', database: false });
    await s.close().catch(() => undefined);
  });
});
