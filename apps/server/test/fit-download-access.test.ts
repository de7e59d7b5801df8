import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from './harness.js';
import { member, type Member } from './races-fixtures.js';
import { savedRide } from './strava-upload-fixtures.js';

/**
 * Issue 21: `/tracks/{id}/fit` and document 001's `/track/{id}/download` serve the same FIT
 * file, so they follow one rule (tracks/activity-access.ts): the owner or an admin.
 */
describe.each(backends)("a ride's FIT file on $name", (backend) => {
  let s: TestServer;
  let owner: Member;
  let admin: Member;
  let other: Member;
  let trackId: number;
  beforeAll(async () => {
    s = await startServer(backend);
    owner = await member(s, { name: 'Fiona' });
    admin = await member(s, { name: 'Ada', admin: true });
    other = await member(s, { name: 'Mallory' });
    ({ trackId } = await savedRide(s.database, owner.user.id));
  });
  afterAll(() => s.close());

  const file = async (path: string, m: Member) => {
    const res = await s.get(`/api/v1${path}`, m.token);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('the owner and an admin get the same file from both routes; another member neither', async () => {
    const paths = [`/tracks/${trackId}/fit`, `/track/${trackId}/download`];
    const mine = await file(paths[0]!, owner);
    expect(mine.status).toBe(200);
    for (const path of paths) {
      for (const reader of [owner, admin]) {
        const got = await file(path, reader);
        expect({ path, status: got.status }).toEqual({ path, status: 200 });
        expect(Buffer.compare(got.bytes, mine.bytes)).toBe(0);
      }
      expect({ path, status: (await file(path, other)).status }).toEqual({ path, status: 403 });
    }
  });
});
