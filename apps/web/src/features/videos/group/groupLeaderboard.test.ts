import { describe, expect, it } from 'vitest';
import type { GroupMember, GroupPoint, GroupPointRelay } from '@ridealong/contracts';
import { liveRows } from '../ride/liveLeaderboard';
import {
  addRelay,
  eventTotal,
  freshRelays,
  groupEntries,
  RELAY_STALE_MS,
  type RelayBook,
} from './groupLeaderboard';

const member = (id: number): GroupMember => ({ id, display_name: `Rider ${id}`, photo_url: null });
const point = (second: number, watts: number): GroupPoint => ({
  elapsed_time: second,
  accumulated_power: watts * (second + 1),
  power: watts,
  heart_rate: 140,
  cadence: 85,
  distance: 8 * second,
});
const relay = (id: number, watts: number, rank: number, total: number): GroupPointRelay => ({
  roomId: 7,
  user_info: member(id),
  point: point(20, watts),
  rank,
  total,
});

const book = (relays: GroupPointRelay[], at = 1000): RelayBook =>
  relays.reduce<RelayBook>((b, r) => addRelay(b, r, at), new Map());

describe('group leaderboard from relays', () => {
  it('keeps each rider’s latest relay', () => {
    let b = addRelay(new Map(), relay(2, 100, 2, 2), 1000);
    b = addRelay(b, relay(2, 300, 1, 2), 2000);
    expect(b.size).toBe(1);
    expect(b.get(2)?.relay.point.power).toBe(300);
  });

  it('drops riders not relayed for a while', () => {
    const b = addRelay(addRelay(new Map(), relay(2, 100, 1, 2), 0), relay(3, 90, 2, 2), 5000);
    expect([...freshRelays(b, 5000 + RELAY_STALE_MS).keys()]).toEqual([3]);
    expect(freshRelays(b, RELAY_STALE_MS)).toBe(b);
  });

  it('draws the other riders by their server rank and the rider by their own latest point', () => {
    const self = { member: member(1), point: point(21, 250) };
    const entries = groupEntries(
      book([relay(2, 300, 1, 3), relay(3, 100, 3, 3), relay(1, 200, 2, 3)]),
      self,
      'climb',
      1500,
    );
    // The rider's own relay is replaced by the fresher local point.
    expect(entries.map((e) => [e.user_id, e.rank, e.power])).toEqual([
      [2, 1, 300],
      [3, 3, 100],
      [1, undefined, 250],
    ]);
    const rows = liveRows(entries, 1);
    expect(rows.map((r) => (r.kind === 'rider' ? [r.rank, r.entry.user_id] : 'gap'))).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });

  it('shows the top 3, an ellipsis and the neighbours of a rider far down', () => {
    // The server's window for rider 1 at 14th of 20: places 1-3 and 12-16.
    const window = [1, 2, 3, 12, 13, 15, 16].map((rank) =>
      relay(100 + rank, 1000 - rank * 10, rank, 20),
    );
    const self = { member: member(1), point: point(20, 1000 - 14 * 10) };
    const rows = liveRows(groupEntries(book(window), self, 'climb', 1000), 1);
    expect(rows.map((r) => (r.kind === 'rider' ? r.rank : '…'))).toEqual([
      1,
      2,
      3,
      '…',
      12,
      13,
      14,
      15,
      16,
    ]);
    expect(eventTotal(book(window))).toBe(20);
  });

  it('uses the relay of the rider before they have a point of their own, and nothing without', () => {
    const me = member(1);
    const relayed = groupEntries(book([relay(1, 180, 1, 1)]), { member: me, point: null }, 'v', 0);
    expect(relayed).toHaveLength(1);
    expect(relayed[0]).toMatchObject({ user_id: 1, track_id: 1, power: 180 });
    expect(relayed[0]?.rank).toBeUndefined();
    expect(groupEntries(new Map(), { member: me, point: null }, 'v', 0)).toEqual([]);
  });
});
