import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startServer, type TestServer } from './harness.js';
import { fetchUser, LENIENT_LIMITS, signUpMember } from './billing-fixtures.js';

/** The member's unit system (users.units): imperial by default, metric on request, hers alone. */
describe.each(backends)('user units on $name', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(backend, LENIENT_LIMITS);
  });
  afterAll(() => s.close());

  const update = (id: number, body: unknown, token?: string) =>
    s.put(`/api/v1/user/${id}/update`, body, token);

  it('starts imperial and round-trips metric and back through update and GET', async () => {
    const m = await signUpMember(s);
    expect(m.user.units).toBe('imperial');

    const metric = await update(m.id, { units: 'metric' }, m.token);
    expect(metric.status).toBe(200);
    expect(((await metric.json()) as { user: { units: string } }).user.units).toBe('metric');
    expect((await fetchUser(s, m)).units).toBe('metric');

    // Other fields saved alongside leave the choice alone; the weight stays in kg.
    const weight = await update(m.id, { weight: 70.5 }, m.token);
    expect(weight.status).toBe(200);
    expect(await fetchUser(s, m)).toMatchObject({ units: 'metric', weight: 70.5 });

    expect((await update(m.id, { units: 'imperial' }, m.token)).status).toBe(200);
    expect((await fetchUser(s, m)).units).toBe('imperial');
  });

  it('refuses values that are not a unit system with a 400, and keeps the stored one', async () => {
    const m = await signUpMember(s);
    expect((await update(m.id, { units: 'metric' }, m.token)).status).toBe(200);
    for (const units of [
      'furlongs',
      123,
      null,
      '',
      'METRIC',
      'metric\u0000',
      '\u0000',
      ['metric'],
      { system: 'metric' },
      'metric'.repeat(5000),
    ]) {
      const res = await update(m.id, { units }, m.token);
      expect(res.status, JSON.stringify(units).slice(0, 40)).toBe(400);
      const body = (await res.json()) as { status: string; message: string };
      expect(body.status).toBe('failure');
      expect(body.message).toContain('units');
    }
    expect((await fetchUser(s, m)).units).toBe('metric');
  });

  it("lets no one else set a member's units, and does not show them to others", async () => {
    const a = await signUpMember(s);
    const b = await signUpMember(s);
    expect((await update(a.id, { units: 'metric' }, b.token)).status).toBe(403);
    expect((await update(a.id, { units: 'metric' })).status).toBe(401);
    expect((await fetchUser(s, a)).units).toBe('imperial');

    const pub = (await (await s.get(`/api/v1/users/${a.id}`, b.token)).json()) as object;
    expect(pub).not.toHaveProperty('units');
  });
});
