import { describe, expect, it, vi } from 'vitest';
import type { Playback } from '@ridealong/contracts';
import { createTokenRenewal, type TokenRenewalDeps } from './tokenRenewal';

const HOST = 'https://ride.example';
const playback = (token: string): Playback => ({
  mode: 'full',
  quality: 'hd',
  hls_url: `${HOST}/media/${token}/master.m3u8`,
  dash_url: `${HOST}/media/${token}/manifest.mpd`,
  poster_url: `${HOST}/media/${token}/poster.jpg`,
  max_seconds: null,
  expires_at: '2030-01-01T06:00:00.000Z',
});
const segment = (token: string) => `${HOST}/media/${token}/chunk-0-00100.m4s`;

/** A renewal over a player whose latest Playback the test can read. */
function setup(renew: TokenRenewalDeps['renew']) {
  let latest = playback('t1');
  const accept = vi.fn((next: Playback) => {
    latest = next;
  });
  const renewal = createTokenRenewal({ latest: () => latest, renew, accept });
  return { renewal, accept, latest: () => latest };
}

describe('createTokenRenewal', () => {
  it('asks once for fresh URLs and retries under the new token', async () => {
    const renew = vi.fn(() => Promise.resolve(playback('t2')));
    const { renewal, accept, latest } = setup(renew);
    await expect(renewal.forbidden(segment('t1'))).resolves.toBe(true);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(accept).toHaveBeenCalledWith(playback('t2'));
    expect(latest().dash_url).toContain('/media/t2/');
  });

  it('gives up when the renewal brings the same token, nothing, or fails', async () => {
    for (const renew of [
      () => Promise.resolve(playback('t1')),
      () => Promise.resolve(null),
      () => Promise.reject(new Error('403')),
    ]) {
      const { renewal, accept } = setup(renew);
      await expect(renewal.forbidden(segment('t1'))).resolves.toBe(false);
      expect(accept).not.toHaveBeenCalled();
    }
  });

  it('renews at most once per failure run, again after the server answered', async () => {
    let n = 1;
    const renew = vi.fn(() => Promise.resolve(playback(`t${++n}`)));
    const { renewal } = setup(renew);
    await expect(renewal.forbidden(segment('t1'))).resolves.toBe(true);
    // The new token is refused too: no second renewal in the same run.
    await expect(renewal.forbidden(segment('t2'))).resolves.toBe(false);
    expect(renew).toHaveBeenCalledTimes(1);

    renewal.reset();
    await expect(renewal.forbidden(segment('t2'))).resolves.toBe(true);
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('answers concurrent 403s with one renewal', async () => {
    let resolve: (p: Playback) => void = () => undefined;
    const renew = vi.fn(() => new Promise<Playback>((r) => (resolve = r)));
    const { renewal } = setup(renew);
    const video = renewal.forbidden(segment('t1'));
    const audio = renewal.forbidden(`${HOST}/media/t1/chunk-1-00100.m4s`);
    resolve(playback('t2'));
    await expect(Promise.all([video, audio])).resolves.toEqual([true, true]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('retries a request that went out under an older token without asking', async () => {
    const renew = vi.fn(() => Promise.resolve(playback('t3')));
    const { renewal } = setup(renew);
    await renewal.forbidden(segment('t1'));
    // A request sent before the renewal comes back 403 afterwards: the latest token may open it.
    await expect(renewal.forbidden(segment('t1'))).resolves.toBe(true);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('treats an unknown URI as the latest token', async () => {
    const renew = vi.fn(() => Promise.resolve(playback('t2')));
    const { renewal } = setup(renew);
    await expect(renewal.forbidden(null)).resolves.toBe(true);
    await expect(renewal.forbidden(null)).resolves.toBe(false);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
