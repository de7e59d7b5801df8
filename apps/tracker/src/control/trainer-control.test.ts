import { describe, expect, it } from 'vitest';
import { FEC_GRADE_LIMITS, type GradeLimits } from '@ridealong/trainer';
import { ManualClock } from '../../test/support/manual-clock.js';
import { gradeForTrainer } from './shape.js';
import { TrainerControl } from './trainer-control.js';

const flush = () => new Promise((r) => setImmediate(r));

describe('gradeForTrainer', () => {
  const settings = { difficulty: 100, downhill: 50 };

  it('passes an uphill grade through at 100 % difficulty', () => {
    expect(gradeForTrainer(6, settings, null)).toBe(6);
  });

  it('scales uphill by difficulty and downhill by difficulty x downhill', () => {
    expect(gradeForTrainer(6, { difficulty: 50, downhill: 50 }, null)).toBe(3);
    expect(gradeForTrainer(-8, { difficulty: 50, downhill: 50 }, null)).toBe(-2);
    expect(gradeForTrainer(-8, settings, null)).toBe(-4);
  });

  it("clamps to the trainer's limits", () => {
    const limits: GradeLimits = { minPercent: -5, maxPercent: 10 };
    expect(gradeForTrainer(25, settings, limits)).toBe(10);
    expect(gradeForTrainer(-40, settings, limits)).toBe(-5);
    expect(gradeForTrainer(250, settings, FEC_GRADE_LIMITS)).toBe(200);
  });

  it('rounds to 0.01 % and never returns -0', () => {
    expect(gradeForTrainer(3.14159, settings, null)).toBe(3.14);
    expect(Object.is(gradeForTrainer(-0.001, settings, null), 0)).toBe(true);
  });
});

function setup(limits: GradeLimits | null = null) {
  const clock = new ManualClock();
  const sent: number[] = [];
  const applied: number[] = [];
  let accept = true;
  const control = new TrainerControl({
    clock,
    limits: () => limits,
    onApplied: (g) => applied.push(g),
    send: async (g) => {
      sent.push(g);
      return accept;
    },
  });
  return { clock, sent, applied, control, reject: () => (accept = false) };
}

describe('TrainerControl', () => {
  it('sends the shaped grade and reports it as applied', async () => {
    const { sent, applied, control } = setup();
    expect(control.appliedGrade).toBeNull();
    control.setRoadGrade(-10);
    await flush();
    expect(sent).toEqual([-5]);
    expect(control.appliedGrade).toBe(-5);
    expect(applied).toEqual([-5]);
  });

  it('does not resend when two slopes shape to the same grade', async () => {
    const { clock, sent, control } = setup({ minPercent: -10, maxPercent: 10 });
    control.setRoadGrade(15);
    clock.advance(600);
    control.setRoadGrade(20); // clamped to 10 as well
    clock.advance(600);
    expect(sent).toEqual([10]);
  });

  it('applies new settings to the current slope', () => {
    const { clock, sent, control } = setup();
    control.setRoadGrade(8);
    clock.advance(600);
    control.setSettings({ difficulty: 50, downhill: 50 });
    expect(sent).toEqual([8, 4]);
    expect(control.settings).toEqual({ difficulty: 50, downhill: 50 });
  });

  it('sends the current grade again when a trainer connects', () => {
    const { clock, sent, control } = setup();
    control.setRoadGrade(4);
    clock.advance(600);
    control.trainerChanged();
    expect(sent).toEqual([4, 4]);
  });

  it('sends nothing before any slope', () => {
    const { sent, control } = setup();
    control.setSettings({ difficulty: 120, downhill: 20 });
    control.trainerChanged();
    expect(sent).toEqual([]);
  });

  it('leaves applied_grade alone when no trainer took the command', async () => {
    const { sent, applied, control, reject } = setup();
    reject();
    control.setRoadGrade(3);
    await flush();
    expect(sent).toEqual([3]);
    expect(control.appliedGrade).toBeNull();
    expect(applied).toEqual([]);
  });
});
