import { z } from 'zod';
import type { PayloadsOf } from '../../jobs/types.js';

/** The video pipeline's jobs (docs/video-pipeline.md); their handlers are in pipeline.ts. */
export const videoJobPayloads = {
  'video.process': z.object({ raceId: z.number().int().positive() }),
} satisfies Record<string, z.ZodType>;

export type VideoJobs = PayloadsOf<typeof videoJobPayloads>;
