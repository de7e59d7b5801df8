import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHALLENGE } from '@ridealong/contracts';
import { challenges } from '../src/db/schema.js';
import { backends, startServer, type TestServer } from './harness.js';
import { member } from './races-fixtures.js';
import { calls, challenge, failure } from './challenges-fixtures.js';

/**
 * Joining and leaving recompute the member's rides: a member has CHALLENGE.
 * membershipChangesPerHour of them together, then 429 with Retry-After; nothing else moves.
 */
describe.each(backends)('challenge membership limits on $name', (backend) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer(backend, { ROLE: 'api,realtime' });
  });
  afterAll(() => s.close());

  it('refuses a join/leave flood with 429 and keeps the counter true', async () => {
    const api = calls(s);
    const flooder = await member(s, { name: 'Flood' });
    const calm = await member(s, { name: 'Calm' });
    const c = await challenge(s);
    for (let i = 0; i < CHALLENGE.membershipChangesPerHour / 2; i++) {
      expect((await api.join(flooder, c.id)).status).toBe(200);
      expect((await api.leave(flooder, c.id)).status).toBe(200);
    }
    const refused = await api.join(flooder, c.id);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await failure(refused, 429);
    // Another member is not held back, and the count is what the rows say.
    expect((await api.join(calm, c.id)).status).toBe(200);
    const [row] = await s.database.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row?.participants).toBe(1);
  });
});
