import { describe, expect, it } from 'vitest';
import type { GroupRoomState } from '@ridealong/contracts';
import { FLOOD_MESSAGE } from '../src/modules/ride/flood-gate.js';
import { IDENTITY_RELAY_GAP_MS } from '../src/modules/group/identity-throttle.js';
import { backends, type TestServer } from './harness.js';
import { LONG_TEXT, NUL_TEXT } from './hostile-inputs.js';
import {
  ask,
  collect,
  connectGroup,
  groupSuite,
  hostedEvent,
  member,
  next,
  say,
  settled,
  type GroupClient,
} from './group-fixtures.js';

/**
 * Issue 23: each rider's trainer state in the waiting room, shared through the server with
 * everyone in the room (docs/group.md 'Trainer states'). Reported with the join and every
 * identity pulse (`trainer_connected`), relayed with the identity, listed in the room state.
 * A client that never reports it (v1) has no state, not 'no trainer'.
 */
describe.each(backends)('riders’ trainer states on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  const join = async (socket: GroupClient, roomId: number, trainer?: boolean) => {
    const answer = await ask(socket, 'group-join-room', {
      roomId,
      ...(trainer === undefined ? {} : { trainer_connected: trainer }),
    });
    if (!answer.ok) throw new Error(answer.message);
    return answer as GroupRoomState & { ok: true };
  };
  const membersOf = async (socket: GroupClient, roomId: number) => {
    const answer = await ask(socket, 'group-check-room', { roomId });
    if (!answer.ok) throw new Error(answer.message);
    return (answer as GroupRoomState & { ok: true }).members;
  };

  it('shares each rider’s reported state with the room, at once when it changes', async () => {
    const [host, rider, v1] = [
      await member(s, { name: 'Tara' }),
      await member(s, { name: 'Nico' }),
      await member(s, { name: 'Old App' }),
    ];
    const event = await hostedEvent(s, host);
    const [h, r, old] = [
      await sockets.connect(host),
      await sockets.connect(rider),
      await sockets.connect(v1),
    ];
    await join(h, event.id, true);

    // Nico joins without a trainer: the host hears it with his identity.
    const nicoSeen = next(h, 'group-identity-pulse', (p) => p.user_info.id === rider.user.id);
    const nicoJoined = await join(r, event.id, false);
    expect(await nicoSeen).toEqual({
      roomId: event.id,
      user_info: { id: rider.user.id, display_name: 'Nico', photo_url: null },
      trainer_connected: false,
    });
    // His join answer lists the host's state.
    expect(nicoJoined.members.find((m) => m.id === host.user.id)).toMatchObject({
      trainer_connected: true,
    });

    // A v1 app never reports: no state, in the relay and in the room state.
    const v1Seen = next(h, 'group-identity-pulse', (p) => p.user_info.id === v1.user.id);
    await join(old, event.id);
    expect(await v1Seen).not.toHaveProperty('trainer_connected');

    // Nico's pulses: the first is relayed, and his trainer connecting right after it is too,
    // not held back by the relay's gap.
    const pulsed = next(h, 'group-identity-pulse', (p) => p.user_info.id === rider.user.id);
    say(r, 'group-identity-pulse', { roomId: event.id, trainer_connected: false });
    expect(await pulsed).toMatchObject({ trainer_connected: false });
    const connected = next(
      h,
      'group-identity-pulse',
      (p) => p.user_info.id === rider.user.id && p.trainer_connected === true,
      IDENTITY_RELAY_GAP_MS / 2,
    );
    say(r, 'group-identity-pulse', { roomId: event.id, trainer_connected: true });
    await connected;

    const members = await membersOf(h, event.id);
    expect(members.map((m) => [m.display_name, m.trainer_connected])).toEqual([
      ['Tara', true],
      ['Nico', true],
      ['Old App', undefined],
    ]);
    expect(members.find((m) => m.id === v1.user.id)).not.toHaveProperty('trainer_connected');
    // A pulse without the field keeps what was reported.
    expect(await ask(r, 'group-identity-pulse', { roomId: event.id })).toEqual({ ok: true });
    expect((await membersOf(h, event.id)).find((m) => m.id === rider.user.id)).toMatchObject({
      trainer_connected: true,
    });
  });

  it('refuses guests, outsiders and absurd states, and keeps the room’s states', async () => {
    const [host, outsider] = [await member(s, { name: 'Host' }), await member(s, { name: 'Eve' })];
    const event = await hostedEvent(s, host);
    const other = await hostedEvent(s, outsider);
    const h = await sockets.connect(host);
    await join(h, event.id, true);

    // A guest never gets a socket.
    await expect(connectGroup(s, '')).rejects.toThrow('Please log in.');

    // A member not in the event (in another one) cannot report into it.
    const e = await sockets.connect(outsider);
    await join(e, other.id, true);
    const heard = collect(h, 'group-identity-pulse');
    for (const trainer_connected of [true, false]) {
      expect(await ask(e, 'group-identity-pulse', { roomId: event.id, trainer_connected })).toEqual(
        { ok: false, message: expect.any(String) },
      );
    }

    // Absurd states from the host's own socket: refused with the field named, none stored.
    for (const bad of ['false', 0, 1, null, { on: true }, [false], NUL_TEXT, LONG_TEXT]) {
      const answer = await ask(h, 'group-identity-pulse', {
        roomId: event.id,
        trainer_connected: bad,
      });
      expect(answer, JSON.stringify(bad).slice(0, 40)).toEqual({
        ok: false,
        message: expect.stringMatching(/^trainer_connected: /),
      });
    }
    const members = await membersOf(h, event.id);
    expect(members.map((m) => [m.id, m.trainer_connected])).toEqual([[host.user.id, true]]);
    await settled(h);
    expect(heard).toEqual([]);
  });

  it('bounds a member flipping their state in a flood', async () => {
    const [host, flipper] = [
      await member(s, { name: 'Calm' }),
      await member(s, { name: 'Flipper' }),
    ];
    const event = await hostedEvent(s, host);
    const [h, f] = [await sockets.connect(host), await sockets.connect(flipper)];
    await join(h, event.id, true);
    const joined = next(h, 'group-identity-pulse', (p) => p.user_info.id === flipper.user.id);
    await join(f, event.id, false);
    await joined;
    const heard = collect(h, 'group-identity-pulse');
    const errors = collect(f, 'group-error');
    const started = Date.now();
    for (let i = 0; i < 200; i += 1)
      say(f, 'group-identity-pulse', { roomId: event.id, trainer_connected: i % 2 === 0 });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(150);
    expect(errors.every((x) => x.message === FLOOD_MESSAGE)).toBe(true);
    await settled(f);
    await settled(h);
    // One relay per state per gap: the flood reached the host a couple of times, not 200.
    const gaps = Math.ceil((Date.now() - started) / IDENTITY_RELAY_GAP_MS);
    expect(heard.length).toBeLessThanOrEqual(2 * gaps);
    expect(heard.length).toBeGreaterThanOrEqual(1);
    // The last state reported is the one kept; the socket is served again once refilled.
    await expect
      .poll(
        async () =>
          (await ask(f, 'group-identity-pulse', { roomId: event.id, trainer_connected: true })).ok,
        { timeout: 5000, interval: 300 },
      )
      .toBe(true);
    expect((await membersOf(h, event.id)).find((m) => m.id === flipper.user.id)).toMatchObject({
      trainer_connected: true,
    });
    expect(f.connected).toBe(true);
  });
});
