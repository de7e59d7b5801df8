import { z } from 'zod';
import {
  HEIGHT_CM_RANGE,
  heightMeasure,
  heightToCm,
  unitSystemOf,
  userUpdateSchema,
  WEIGHT_KG_RANGE,
  weightMeasure,
  weightToKg,
  type UnitSystem,
} from '@ridealong/contracts';

export type Range = { min: number; max: number; unit: string };

/**
 * The server's kg and cm bounds in `system`, to one decimal and inside them (the lowest is
 * rounded up, the highest down), so every value the form accepts the server accepts too.
 */
export function bodyRanges(system: UnitSystem): { weight: Range; height: Range } {
  const range = (
    min: number,
    max: number,
    measure: typeof weightMeasure,
    toStored: typeof weightToKg,
  ): Range => {
    const unit = measure(min, system).unit;
    const factor = 1 / toStored(1, system);
    return {
      min: Math.ceil(min * factor * 10 - 1e-9) / 10,
      max: Math.floor(max * factor * 10 + 1e-9) / 10,
      unit,
    };
  };
  return {
    weight: range(WEIGHT_KG_RANGE.min, WEIGHT_KG_RANGE.max, weightMeasure, weightToKg),
    height: range(HEIGHT_CM_RANGE.min, HEIGHT_CM_RANGE.max, heightMeasure, heightToCm),
  };
}

const bodyNumber = z.number().nullable().optional();

/**
 * The contracts' update rules, with weight and height checked in the member's chosen units
 * (the form shows them in lb and in, or kg and cm).
 */
export const profileFormSchema = userUpdateSchema
  .extend({ weight: bodyNumber, height: bodyNumber })
  .superRefine((values, ctx) => {
    const ranges = bodyRanges(unitSystemOf(values.units));
    for (const name of ['weight', 'height'] as const) {
      const value = values[name];
      const { min, max, unit } = ranges[name];
      if (typeof value === 'number' && (value < min || value > max))
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `Must be between ${min} and ${max} ${unit}`,
        });
    }
  });
