import { describe, expect, it } from 'vitest';
import { leaderboardWindow, type LeaderboardEntry, type RidePoint } from '@ridealong/contracts';
import { isSelfEntry, withLiveRider } from './liveLeaderboard';

const other = (track_id: number, accumulated_power: number): LeaderboardEntry => ({
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
});
const point = (accumulated_power: number): RidePoint => ({
  elapsed_time: 9,
  accumulated_power,
  power: 200,
  heart_rate: 120,
  cadence: 90,
  distance: 80,
  speed: 8,
  timestamp: 1,
});
const rider = { id: 3, username: 'me' };

describe('withLiveRider', () => {
  it('adds the live rider once, replacing an older row of the same track', () => {
    const first = withLiveRider([other(1, 500)], point(300), rider, 'demo', 41);
    const again = withLiveRider(first, point(900), rider, 'demo', 41);
    expect(again.map((e) => [e.username, e.accumulated_power])).toEqual([
      ['r1', 500],
      ['me', 900],
    ]);
  });

  it('marks the rider before the track is known, and ranks them in the window', () => {
    const others = Array.from({ length: 20 }, (_, i) => other(i + 1, 10_000 - i * 100));
    const board = withLiveRider(others, point(100), rider, 'demo', null);
    const rows = leaderboardWindow(board, (e) => isSelfEntry(e, null));
    const self = rows.find((r) => r.kind === 'rider' && r.entry.username === 'me');
    expect(self).toMatchObject({ rank: 21 });
    expect(rows.filter((r) => r.kind === 'gap')).toHaveLength(1);
  });
});
