import { describe, expect, it } from 'vitest';
import { RouteTimeline } from '@ridealong/trainer';
import type { TrainerControl } from '../controlScheduler';
import { ReactiveSteering } from './reactiveSteering';

// 10 m per second of video; the grade is the second's number / 10 (0 %, 0.1 %, ... 6 %).
const timeline = new RouteTimeline({
  distance: Array.from({ length: 61 }, (_, s) => s * 10),
  slope: Array.from({ length: 61 }, (_, s) => s / 10),
});

describe('ReactiveSteering', () => {
  it('sends the road one trainer response ahead of the rider, in the steady shape', () => {
    const sent: TrainerControl[] = [];
    const steering = new ReactiveSteering(timeline, (c) => sent.push(c));
    // At 100 m (second 10) riding 10 m/s: the trainer gets second 11's grade.
    expect(steering.steer(100, 10, 0)).toBe(1);
    expect(sent).toEqual([{ slope: 1.1, road_feel_type: 'none', road_feel_intensity: 0 }]);
  });

  it('sends a changed grade at most once a second and never a repeat', () => {
    const sent: TrainerControl[] = [];
    const steering = new ReactiveSteering(timeline, (c) => sent.push(c));
    steering.steer(100, 0, 0);
    steering.steer(150, 0, 250); // changed, too soon
    steering.steer(150, 0, 1000); // changed, due
    steering.steer(150, 0, 2500); // unchanged
    expect(sent.map((c) => c.slope)).toEqual([1, 1.5]);
  });

  it('holds the last grade at the route’s end', () => {
    const sent: TrainerControl[] = [];
    const steering = new ReactiveSteering(timeline, (c) => sent.push(c));
    expect(steering.steer(600, 12, 0)).toBe(6);
    expect(sent[0]!.slope).toBe(6);
  });
});
