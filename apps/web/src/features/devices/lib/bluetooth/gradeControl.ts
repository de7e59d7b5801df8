import { TRACKER_CONTROL_MIN_INTERVAL_MS, type TrainerSettings } from '@ridealong/contracts';
import {
  decodeControlPointResponse,
  encodeIndoorBikeSimulation,
  encodeRequestControl,
  FTMS_OP_CODE,
  shapeGrade,
  type ByteInput,
  type GradeLimits,
} from '@ridealong/trainer';

/**
 * The grade to send for a road slope: the rider's difficulty and downhill settings applied,
 * clamped to the trainer's range, rounded to the FTMS resolution of 0.01 %.
 */
export function trainerGrade(
  slopePercent: number,
  settings: TrainerSettings,
  limits: GradeLimits | null,
): number {
  const shaped = shapeGrade(
    slopePercent,
    { difficultyPercent: settings.difficulty, downhillPercent: settings.downhill },
    limits,
  );
  const rounded = Math.round(shaped * 100) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Control point writes for a grade: Request Control first until the trainer granted it. */
export function gradeWrites(controlGranted: boolean, gradePercent: number): Uint8Array[] {
  const simulation = encodeIndoorBikeSimulation({ gradePercent });
  return controlGranted ? [simulation] : [encodeRequestControl(), simulation];
}

/** How long to hold a grade so the trainer gets at most one every TRACKER_CONTROL_MIN_INTERVAL_MS. */
export function controlDelayMs(
  lastSentAt: number | null,
  now: number,
  minIntervalMs: number = TRACKER_CONTROL_MIN_INTERVAL_MS,
): number {
  if (lastSentAt === null) return 0;
  return Math.max(0, lastSentAt + minIntervalMs - now);
}

/**
 * What a control point indication says about control: true when Request Control succeeded,
 * false when the trainer refused it or took control back, null for other answers.
 */
export function controlGrantFrom(indication: ByteInput): boolean | null {
  const r = decodeControlPointResponse(indication);
  if (!r.ok) return null;
  if (r.value.requestOpCode === FTMS_OP_CODE.requestControl) return r.value.result === 'success';
  if (r.value.result === 'control_not_permitted') return false;
  return null;
}
