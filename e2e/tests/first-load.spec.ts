import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { firstLoadFiles, type Manifest } from '../../apps/web/bench/firstLoad.js';
import { createChallenge } from '../support/challenges.js';

/** Issue 12: the most gzipped JavaScript a guest's visit of the home page may fetch. */
const BUDGET_BYTES = 170 * 1024;

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

test('a guest opening the home page fetches what the bench counts, within 170 KB gzipped', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const scripts: Array<Promise<[string, number]>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    scripts.push(response.body().then((body) => [url.pathname.slice(1), gzipSync(body).length]));
  });

  // A challenge, so the challenges row has items and its slider (the after-render chunk)
  // renders; the workouts and channels rows have theirs once specs before this one uploaded.
  await createChallenge(page.request, {
    title: 'First load ride',
    challenge_type: 'ride',
    goal: 5,
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Next challenges' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const load = firstLoadFiles(manifest, html, 'src/features/home/index.ts', [
    'src/features/home/components/CarouselRow.tsx',
  ]);
  // The bench's counting rule matches what Chromium fetched: nothing more (no zod), nothing less.
  const fetched = new Map(await Promise.all(scripts));
  expect([...fetched.keys()].sort()).toEqual([...load.critical, ...load.afterRender].sort());
  const total = [...fetched.values()].reduce((sum, bytes) => sum + bytes, 0);
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
});
