import { channelsIndexResponseSchema, racesResponseSchema } from '@ridealong/contracts';

/**
 * The featured lists' contracts, imported dynamically by the carousels' requests: they bring
 * zod, which the home page's first render does without (issue 12's first-load budget). An
 * object, not a bare re-export: see lib/lazySchemas.ts.
 */
export const featuredSchemas = {
  races: racesResponseSchema,
  channels: channelsIndexResponseSchema,
};
