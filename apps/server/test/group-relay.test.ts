import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { GROUP, type GroupPointRelay } from '@ridealong/contracts';
import { groupEvents } from '../src/db/schema.js';
import { backends, type TestServer } from './harness.js';
import {
  ask,
  collect,
  say,
  groupSuite,
  hostedEvent,
  member,
  next,
  point,
  startedMinuteAgo,
  type GroupClient,
} from './group-fixtures.js';

/**
 * The relay over real sockets: points are not fanned out, each rider receives only their
 * window of the event's ranking every relayIntervalMs (docs/group.md 'The relay').
 */
describe.each(backends)('the /group relay on $name', (backend) => {
  let s: TestServer;
  const sockets = groupSuite(backend, (suite) => ({ s } = suite));

  it('sends each of 15 riders their window: top 10, or top 3 and 5 around them', async () => {
    const host = await member(s, { name: 'Host' });
    const event = await hostedEvent(s, host, startedMinuteAgo());
    // One after the other: ids grow with the names (the tie below is broken by id).
    const riders = [];
    for (let i = 1; i <= 15; i += 1) {
      riders.push(await member(s, { name: `R${String(i).padStart(2, '0')}` }));
    }
    const clients: GroupClient[] = [];
    for (const rider of riders) {
      const socket = await sockets.connect(rider);
      expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({
        ok: true,
      });
      clients.push(socket);
    }
    // Rider i (0-based) has 1000 * (15 - i): R01 leads; R14 and R15 tie, broken by id.
    const powers = riders.map((_, i) => 1000 * (15 - i));
    powers[14] = powers[13] ?? 0;
    const heard = clients.map((c) => collect(c, 'group-point-pulse'));
    for (const [i, socket] of clients.entries()) {
      expect(
        await ask(socket, 'group-point-pulse', { roomId: event.id, point: point(powers[i] ?? 0) }),
      ).toEqual({ ok: true });
    }
    /**
     * A socket's pulses split by tick: one tick's window comes in rank order, so a tick starts
     * where the rank goes back down. The last but one is whole (another began after it).
     */
    const ticksOf = (pulses: GroupPointRelay[]) => {
      const ticks: GroupPointRelay[][] = [];
      for (const p of pulses) {
        const current = ticks.at(-1);
        if (current && (current.at(-1)?.rank ?? 0) < p.rank) current.push(p);
        else ticks.push([p]);
      }
      return ticks;
    };
    // Until every socket has heard a whole tick with all 15 riders (no fixed sleep: a stalled
    // machine only takes longer).
    await vi.waitFor(
      () => {
        for (const pulses of heard) {
          const ticks = ticksOf(pulses);
          expect(ticks.length).toBeGreaterThanOrEqual(2);
          expect(ticks.at(-2)?.every((p) => p.total === 15)).toBe(true);
        }
      },
      { timeout: 15_000, interval: 100 },
    );
    const settledTick = (i: number) => {
      const ticks = ticksOf(heard[i] ?? []);
      expect(ticks.length, `R${i + 1} heard two ticks`).toBeGreaterThanOrEqual(2);
      // No tick brings more than 10 pulses, whatever the event's size.
      for (const tick of ticks) expect(tick.length).toBeLessThanOrEqual(10);
      const tick = ticks.at(-2) ?? [];
      expect(tick.every((p) => p.total === 15 && p.roomId === event.id)).toBe(true);
      return tick;
    };
    // R12 (rank 12): ranks 1-3, then 10-14 around it.
    const r12 = settledTick(11);
    expect(r12.map((p) => p.rank)).toEqual([1, 2, 3, 10, 11, 12, 13, 14]);
    expect(r12.map((p) => p.user_info.display_name)).toEqual([
      'R01',
      'R02',
      'R03',
      'R10',
      'R11',
      'R12',
      'R13',
      'R14',
    ]);
    expect(r12.find((p) => p.rank === 12)).toMatchObject({
      user_info: { id: riders[11]?.user.id, display_name: 'R12', photo_url: null },
      point: { accumulated_power: 4000, elapsed_time: 10, power: 200 },
    });
    // The tie: R14 (lower id) ranks 14, R15 ranks 15; the last rider's window ends at 15.
    const r15 = settledTick(14);
    expect(r15.map((p) => p.rank)).toEqual([1, 2, 3, 11, 12, 13, 14, 15]);
    expect(r15.map((p) => p.user_info.display_name).slice(-2)).toEqual(['R14', 'R15']);
    // R05 is in the top 10: it receives the top 10; so does everyone up to R10.
    for (let i = 0; i < 10; i += 1) {
      expect(settledTick(i).map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
    for (let i = 10; i < 15; i += 1) expect(settledTick(i)).toHaveLength(8);
  });

  it('relays a rider’s point to a watcher without points within one tick', async () => {
    const host = await member(s, { name: 'Host2' });
    const watcher = await member(s, { name: 'Watcher' });
    const event = await hostedEvent(s, host, startedMinuteAgo());
    const [h, w] = [await sockets.connect(host), await sockets.connect(watcher)];
    await ask(h, 'group-join-room', { roomId: event.id });
    await ask(w, 'group-join-room', { roomId: event.id });
    const heard = collect(w, 'group-point-pulse');
    const firstPulse = new Promise<GroupPointRelay>((resolve) =>
      w.once('group-point-pulse', resolve),
    );
    await ask(h, 'group-point-pulse', { roomId: event.id, point: point(321) });
    // From the stored point: the next tick (500 ms) carries it; the bound leaves room for a
    // stalled machine but not for a relay that skipped a watcher's ticks.
    const storedAt = Date.now();
    const first = await firstPulse;
    expect(Date.now() - storedAt).toBeLessThanOrEqual(GROUP.relayIntervalMs * 4);
    expect(first).toMatchObject({
      roomId: event.id,
      rank: 1,
      total: 1,
      user_info: { id: host.user.id, display_name: 'Host2' },
      point: { accumulated_power: 321 },
    });
    expect(heard.length).toBeLessThanOrEqual(1);
  });

  it('tells a room’s sockets when the worker completed their event', async () => {
    const host = await member(s, { name: 'Host3' });
    const event = await hostedEvent(s, host);
    const socket = await sockets.connect(host);
    await ask(socket, 'group-join-room', { roomId: event.id });
    // What the worker's sweep does, on another process: the database changes, nobody emits.
    await s.database.db
      .update(groupEvents)
      .set({ status: 'complete', endReason: 'abandoned', completedAt: new Date() })
      .where(eq(groupEvents.id, event.id));
    // The relay looks every 5 ticks.
    const ended = await next(socket, 'group-cancel', () => true, 8 * GROUP.relayIntervalMs);
    expect(ended).toEqual({ roomId: event.id, reason: 'abandoned' });
    expect(await ask(socket, 'group-identity-pulse', { roomId: event.id })).toMatchObject({
      ok: false,
    });
  });
  it('relays identities to the room only up to GROUP.roomListMax riders present', async () => {
    const host = await member(s, { name: 'Crowd host' });
    const event = await hostedEvent(s, host);
    const watcher = await sockets.connect(host);
    expect(await ask(watcher, 'group-join-room', { roomId: event.id })).toMatchObject({ ok: true });
    const heard = collect(watcher, 'group-identity-pulse');
    // The host and roomListMax others: one more than identities are relayed for.
    const riders: GroupClient[] = [];
    for (let i = 0; i < GROUP.roomListMax; i += 1) {
      const rider = await member(s, { name: `Crowd ${i}` });
      const socket = await sockets.connect(rider);
      expect(await ask(socket, 'group-join-room', { roomId: event.id })).toMatchObject({
        ok: true,
      });
      riders.push(socket);
    }
    // Every join until the crowd was announced; past it (the count is read at most once a
    // second), pulses are not relayed.
    const announced = heard.length;
    expect(announced).toBeGreaterThanOrEqual(GROUP.roomListMax - 5);
    await new Promise((r) => setTimeout(r, 1100));
    for (const socket of riders) say(socket, 'group-identity-pulse', { roomId: event.id });
    const state = await ask(riders[0] as GroupClient, 'group-check-room', { roomId: event.id });
    expect(state).toMatchObject({ ok: true, present: GROUP.roomListMax + 1 });
    expect(state).toHaveProperty('members.length', GROUP.roomListMax);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.length).toBe(announced);
  });
});
