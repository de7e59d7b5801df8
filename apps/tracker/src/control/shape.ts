import type { TrainerSettings } from '@ridealong/contracts';
import { shapeGrade, type GradeLimits } from '@ridealong/trainer';

/**
 * The grade to send for a road slope: shaped by the rider's settings and clamped to the
 * trainer's limits, then rounded to 0.01 % (the resolution of both FTMS and FE-C), so two
 * slopes the trainer cannot tell apart count as the same command.
 */
export function gradeForTrainer(
  roadGradePercent: number,
  settings: TrainerSettings,
  limits: GradeLimits | null,
): number {
  const shaped = shapeGrade(
    roadGradePercent,
    { difficultyPercent: settings.difficulty, downhillPercent: settings.downhill },
    limits,
  );
  const rounded = Math.round(shaped * 100) / 100;
  return rounded === 0 ? 0 : rounded; // no -0 on the wire
}
