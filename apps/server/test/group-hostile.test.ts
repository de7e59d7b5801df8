import { describe, expect, it } from 'vitest';
import { GROUP, groupClientSchemas } from '@ridealong/contracts';
import { FLOOD_MESSAGE } from '../src/modules/ride/flood-gate.js';
import { backends, type TestServer } from './harness.js';
import { HOSTILE_BODIES, LONG_TEXT, NUL_TEXT } from './hostile-inputs.js';
import {
  ask,
  collect,
  groupSuite,
  hostedEvent,
  member,
  next,
  point,
  say,
  settled,
} from './group-fixtures.js';

/**
 * Hostile input on every /group client event: wrong shapes and types, absurd numbers, text the
 * database cannot store, floods. Each is refused with a message (the acknowledgement, or
 * group-error without one), never a crash or a dropped connection.
 */
describe.each(backends)('the /group channel under hostile input on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  it('refuses wrong types, huge numbers and NUL text on every event with a message', async () => {
    const host = await member(s, { name: 'Hostile Host' });
    const event = await hostedEvent(s, host);
    const socket = await sockets.connect(host);
    expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({ ok: true });
    const roomId = event.id;
    const badRooms: unknown[] = [
      'abc',
      -1,
      0,
      1.5,
      2147483648,
      1e20,
      1e308,
      null,
      { $gt: 0 },
      NUL_TEXT,
      LONG_TEXT,
      // Not coerced into an id: text, booleans and arrays are not numbers.
      String(event.id),
      true,
      [event.id],
    ];
    const payloads: unknown[] = [
      ...HOSTILE_BODIES,
      ...badRooms.map((bad) => ({ roomId: bad })),
      { roomId, user_info: { id: 1, display_name: NUL_TEXT, photo_url: null } },
      { roomId, duration: -5 },
      { roomId, duration: 1e308 },
      { roomId, duration: 'long' },
      { roomId, point: { ...point(100), accumulated_power: 1e20 } },
      // More than the seconds ridden can hold at the power bound: no made-up lead.
      { roomId, point: { ...point(0, 10), accumulated_power: 11 * 4000 + 1 } },
      { roomId, point: { ...point(100), power: -1 } },
      { roomId, point: { ...point(100), power: 1e6 } },
      { roomId, point: { ...point(100), elapsed_time: 1.5 } },
      { roomId, point: { ...point(100), elapsed_time: 2147483648 } },
      { roomId, point: { ...point(100), heart_rate: 'fast' } },
      { roomId, point: 'point' },
      // A trainer's state is a boolean: no text, numbers or null taken for one.
      ...['true', 1, 0, null, {}, [true], NUL_TEXT, LONG_TEXT].map((bad) => ({
        roomId,
        trainer_connected: bad,
      })),
    ];
    let asker = socket;
    let asked = 0;
    for (const event of Object.keys(groupClientSchemas)) {
      for (const payload of payloads) {
        const schema = groupClientSchemas[event as keyof typeof groupClientSchemas];
        // Only the payloads this event's schema refuses (extra fields are ignored, e.g. a
        // point on check-room): each answer must be a refusal naming what is wrong.
        const nul = JSON.stringify(payload ?? '').includes('\\u0000');
        if (schema.safeParse(payload ?? {}).success && !nul) continue;
        const label = `${event} ${JSON.stringify(payload)?.slice(0, 60)}`;
        // A fresh socket now and then: these are refusals of payloads, not of a flood. Another
        // member's: a member holds at most GROUP_SOCKET_LIMITS.perMember sockets.
        asked += 1;
        if (asked % 25 === 0)
          asker = await sockets.connect(await member(s, { name: `Asker ${asked}` }));
        const answer = await ask(asker, event, payload);
        expect(answer, label).toEqual({ ok: false, message: expect.any(String) });
        if (!answer.ok) expect(answer.message, label).not.toBe(FLOOD_MESSAGE);
      }
    }
    expect(asked).toBeGreaterThan(100);
    // The same without an acknowledgement: group-error, naming the event.
    const error = next(socket, 'group-error');
    say(socket, 'group-start-race', { roomId, duration: 'long' });
    expect(await error).toEqual({
      event: 'group-start-race',
      message: expect.stringMatching(/^duration: /),
    });
    const refusedNul = next(socket, 'group-error');
    say(socket, 'group-identity-pulse', { roomId, user_info: { display_name: NUL_TEXT } });
    expect((await refusedNul).message).toMatch(/^user_info\.display_name: /);
    // Still connected, still served, the event untouched.
    expect(socket.connected).toBe(true);
    expect(await ask(socket, 'group-check-room', { roomId })).toMatchObject({
      ok: true,
      status: 'waiting-room',
    });
    expect((await s.get('/healthz')).status).toBe(200);
  });

  it('refuses a flood on one socket with group-error, then serves it again', async () => {
    const host = await member(s, { name: 'Flood Host' });
    const event = await hostedEvent(s, host);
    const socket = await sockets.connect(host);
    expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({ ok: true });
    const errors = collect(socket, 'group-error');
    // 200 pulses at once: the burst (30) goes through, the rest is refused before any work.
    for (let i = 0; i < 200; i += 1) say(socket, 'group-identity-pulse', { roomId: event.id });
    const burst = GROUP.eventsPerSecond * 3;
    await expect
      .poll(() => errors.length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(200 - burst - 10);
    expect(
      errors.every((e) => e.event === 'group-identity-pulse' && e.message === FLOOD_MESSAGE),
    ).toBe(true);
    // The bucket refills at 10 a second: served again, still connected.
    await expect
      .poll(async () => (await ask(socket, 'group-identity-pulse', { roomId: event.id })).ok, {
        timeout: 5000,
        interval: 300,
      })
      .toBe(true);
    await settled(socket);
    expect(socket.connected).toBe(true);
  });
});
