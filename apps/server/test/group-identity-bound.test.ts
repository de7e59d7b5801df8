import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { GROUP } from '@ridealong/contracts';
import { IDENTITY_RELAY_GAP_MS } from '../src/modules/group/identity-throttle.js';
import { GROUP_SOCKET_LIMITS } from '../src/modules/group/socket-limits.js';
import { backends, type TestServer } from './harness.js';
import {
  ask,
  collect,
  groupSuite,
  hostedEvent,
  member,
  say,
  settled,
  type GroupClient,
} from './group-fixtures.js';

/**
 * The identity relay's fan-out bound counts sockets, not members (issue 21: one socket
 * received 995 identity pulses in 12 s from 50 members with 4 sockets each), and a member's
 * identity reaches the room at most once per IDENTITY_RELAY_GAP_MS however many sockets pulse.
 */
describe.each(backends)('the identity relay’s bound on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));
  const per = GROUP_SOCKET_LIMITS.perMemberPerEvent;

  /** `members` members with `per` sockets each, all joined to the event. */
  async function riders(eventId: number, members: number, name: string) {
    const all: GroupClient[] = [];
    for (let m = 0; m < members; m += 1) {
      const rider = await member(s, { name: `${name} ${m}` });
      for (let k = 0; k < per; k += 1) {
        const socket = await sockets.connect(rider);
        expect(await ask(socket, 'group-join-room', { roomId: eventId })).toMatchObject({
          ok: true,
        });
        all.push(socket);
      }
    }
    return all;
  }

  it('relays no identity to a room of more sockets than GROUP.roomListMax, however few members', async () => {
    const host = await member(s, { name: 'Sockets host' });
    const event = await hostedEvent(s, host);
    const watcher = await sockets.connect(host);
    await ask(watcher, 'group-join-room', { roomId: event.id });
    // Few members (well under roomListMax), more sockets than it.
    const members = Math.floor(GROUP.roomListMax / per) + 1;
    const crowd = await riders(event.id, members, 'Socket');
    const present = await ask(watcher, 'group-check-room', { roomId: event.id });
    expect(present).toMatchObject({ ok: true, present: members + 1 });
    const heard = collect(watcher, 'group-identity-pulse');
    for (const socket of crowd) say(socket, 'group-identity-pulse', { roomId: event.id });
    for (const socket of crowd) await settled(socket);
    await settled(watcher);
    expect(heard).toEqual([]);
  });

  it('relays a member’s identity once per gap, however many sockets pulse how often', async () => {
    const host = await member(s, { name: 'Pulse host' });
    const event = await hostedEvent(s, host);
    const watcher = await sockets.connect(host);
    await ask(watcher, 'group-join-room', { roomId: event.id });
    const members = 4;
    const crowd = await riders(event.id, members, 'Pulser');
    const heard = collect(watcher, 'group-identity-pulse');
    const began = performance.now();
    // Ten pulses per socket at once (within the flood gate's burst): 120 without the bound.
    for (let i = 0; i < 10; i += 1)
      for (const socket of crowd) say(socket, 'group-identity-pulse', { roomId: event.id });
    for (const socket of crowd) await settled(socket);
    await settled(watcher);
    const windows = Math.ceil((performance.now() - began) / IDENTITY_RELAY_GAP_MS) + 1;
    expect(heard.length).toBeGreaterThanOrEqual(members);
    expect(heard.length).toBeLessThanOrEqual(members * windows);
    expect(new Set(heard.map((p) => p.user_info.id)).size).toBe(members);
  });
});
