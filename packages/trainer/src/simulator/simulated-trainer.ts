import { clamp } from '../codec/scale.js';
import { physicsParams, type CyclingPhysicsParams } from '../physics/params.js';
import { stepSpeed } from '../physics/step.js';
import { FEC_GRADE_LIMITS, type GradeLimits } from '../slope/shape-grade.js';
import { PowerSource, type PowerProfile } from './power-profile.js';
import { Prng } from './prng.js';
import { riderCadence, stepHeartRate, type HeartRateModelOptions } from './rider-model.js';

export interface SimulatorOptions {
  power: PowerProfile;
  /** Same seed, same ticks -> same samples. Default 1. */
  seed?: number;
  /** Preferred cadence on the flat, rpm. Default 90. */
  cadenceRpm?: number;
  /** Default 250 W. */
  ftpWatts?: number;
  /** Default 60 bpm. */
  restingHeartRate?: number;
  /** Default 185 bpm. */
  maxHeartRate?: number;
  physics?: Partial<CyclingPhysicsParams>;
  /** The grade range this virtual trainer accepts, like a real one reports. Default FE-C's. */
  gradeLimits?: GradeLimits;
  initialSpeedMps?: number;
}

/** One reading, as a trainer and its sensors would report it. */
export interface TrainerSample {
  elapsedS: number;
  /** Mean pedal power over the tick, whole watts. */
  power: number;
  /** Whole rpm. */
  cadence: number;
  /** Whole bpm. */
  heartRate: number;
  speedMps: number;
  distanceM: number;
  gradePercent: number;
}

/**
 * A virtual rider on a virtual smart trainer. The grade it is sent is the one a real trainer
 * would get, i.e. already shaped by `shapeGrade`; like a real trainer it only clamps it to its
 * own range. Speed follows the same physics as the rest of the package (`stepSpeed`).
 */
export class SimulatedTrainer {
  private readonly params: CyclingPhysicsParams;
  private readonly heart: HeartRateModelOptions;
  private readonly limits: GradeLimits;
  private readonly preferredCadence: number;
  private readonly prng: Prng;
  private readonly power: PowerSource;
  private grade = 0;
  private elapsed = 0;
  private speed: number;
  private distance = 0;
  private heartRate: number;
  private cadenceWobble = 0;

  constructor(options: SimulatorOptions) {
    this.params = physicsParams(options.physics);
    const restingBpm = options.restingHeartRate ?? 60;
    this.heart = {
      restingBpm,
      maxBpm: options.maxHeartRate ?? 185,
      ftpWatts: options.ftpWatts ?? 250,
      riseTauS: 30,
      fallTauS: 45,
    };
    this.limits = options.gradeLimits ?? FEC_GRADE_LIMITS;
    this.preferredCadence = options.cadenceRpm ?? 90;
    this.prng = new Prng(options.seed ?? 1);
    this.power = new PowerSource(options.power, this.prng);
    this.speed = Math.max(0, options.initialSpeedMps ?? 0);
    this.heartRate = restingBpm;
  }

  /** Applies a grade command; returns the grade in effect after clamping to the limits. */
  setGrade(gradePercent: number): number {
    // A real trainer drops a command it cannot read rather than jumping to some grade.
    if (Number.isFinite(gradePercent)) {
      this.grade = clamp(gradePercent, this.limits.minPercent, this.limits.maxPercent);
    }
    return this.grade;
  }

  get gradePercent(): number {
    return this.grade;
  }

  setPowerProfile(profile: PowerProfile): void {
    this.power.setProfile(profile);
  }

  /** Advances the ride by `dtSeconds` (> 0; 0 only reads the current state). */
  tick(dtSeconds: number): TrainerSample {
    if (!(dtSeconds >= 0) || !Number.isFinite(dtSeconds)) {
      throw new RangeError(`tick needs a finite dt >= 0, got ${dtSeconds}`);
    }
    // Power at the middle of the tick stands for the whole tick.
    const watts = this.power.wattsAt(this.elapsed + dtSeconds / 2);
    const v0 = this.speed;
    const v1 = stepSpeed(this.params, v0, watts, this.grade, dtSeconds);
    this.distance += ((v0 + v1) / 2) * dtSeconds;
    this.speed = v1;
    this.elapsed += dtSeconds;
    this.heartRate = stepHeartRate(this.heartRate, watts, dtSeconds, this.heart);
    // Slow random drift of a couple of rpm, as a real rider's cadence wanders.
    this.cadenceWobble = 0.9 * this.cadenceWobble + 0.3 * this.prng.signed();
    const cadence = riderCadence(this.preferredCadence, watts, this.grade);
    return {
      elapsedS: this.elapsed,
      power: Math.round(watts),
      cadence: cadence === 0 ? 0 : Math.round(cadence + this.cadenceWobble),
      heartRate: Math.round(this.heartRate),
      speedMps: this.speed,
      distanceM: this.distance,
      gradePercent: this.grade,
    };
  }
}
