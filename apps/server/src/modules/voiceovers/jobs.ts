import { z } from 'zod';
import type { PayloadsOf } from '../../jobs/types.js';

const id = z.number().int().positive();

/** The voiceovers' jobs (docs/voiceovers.md); their handlers are in process-job.ts and module.ts. */
export const voiceoverJobPayloads = {
  /** A stored recording to streamable audio and its waveform peaks. */
  'voiceover.process': z.object({ layerId: id }),
  /** A removed video's voiceover files (its rows went with it). */
  'voiceover.removeVideoFiles': z.object({ videoId: id }),
} satisfies Record<string, z.ZodType>;

export type VoiceoverJobs = PayloadsOf<typeof voiceoverJobPayloads>;
