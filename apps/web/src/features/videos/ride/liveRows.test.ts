import { describe, expect, it } from 'vitest';
import type { LeaderboardEntry, LeaderboardRow } from '@ridealong/contracts';
import { liveRows } from './liveLeaderboard';

const entry = (track_id: number, accumulated_power: number, rank?: number): LeaderboardEntry => ({
  username: `r${track_id}`,
  user_id: track_id,
  url: 'demo',
  track_id,
  elapsed_time: 9,
  accumulated_power,
  power: 0,
  heart_rate: 0,
  cadence: 0,
  distance: 0,
  active: true,
  ...(rank === undefined ? {} : { rank }),
});
const SELF = 41;
const shown = (rows: LeaderboardRow<LeaderboardEntry>[]) =>
  rows.map((r) => (r.kind === 'gap' ? '…' : `${r.rank}:${r.entry.track_id}`));

describe('liveRows', () => {
  it('draws the rider in the place the server left out, below 10th', () => {
    const window = [
      entry(1, 9000, 1),
      entry(2, 8000, 2),
      entry(3, 7000, 3),
      entry(48, 1200, 48),
      entry(49, 1100, 49),
      entry(51, 900, 51),
      entry(52, 800, 52),
    ];
    expect(shown(liveRows([...window, entry(SELF, 1000)], SELF))).toEqual([
      '1:1',
      '2:2',
      '3:3',
      '…',
      '48:48',
      '49:49',
      `50:${SELF}`,
      '51:51',
      '52:52',
    ]);
  });

  it('keeps to the top 10 when the rider is among them', () => {
    const top = [1, 2, 3, 4, 6, 7, 8, 9, 10].map((rank) => entry(100 + rank, 1000 - rank, rank));
    const rows = shown(liveRows([...top, entry(SELF, 995)], SELF));
    expect(rows).toHaveLength(10);
    expect(rows[4]).toBe(`5:${SELF}`);
  });

  it('places an unplaced rider (the server’s plain top 10) by power', () => {
    const top = Array.from({ length: 10 }, (_, i) => entry(100 + i, 1000 - i * 10, i + 1));
    expect(shown(liveRows([...top, entry(SELF, 975)], SELF)).slice(0, 5)).toEqual([
      '1:100',
      '2:101',
      '3:102',
      `4:${SELF}`,
      '5:103',
    ]);
    const below = shown(liveRows([...top, entry(SELF, 1)], SELF));
    expect(below).toEqual([
      '1:100',
      '2:101',
      '3:102',
      '…',
      '7:106',
      '8:107',
      '9:108',
      '10:109',
      `11:${SELF}`,
    ]);
  });

  it('ranks rows of an older server (no ranks) as a whole list', () => {
    const rows = liveRows([entry(1, 10), entry(SELF, 20)], SELF);
    expect(shown(rows)).toEqual([`1:${SELF}`, '2:1']);
  });
});
