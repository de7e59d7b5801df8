import { failureSchema } from '@ridealong/contracts';

/**
 * The failure contract, which every page may need only once a request has failed: it brings
 * zod (about 27 KB gzipped), so lib/api.ts imports it dynamically and a guest's first load
 * never fetches it (issue 12's first-load budget). An object, not a bare re-export: Rollup
 * merges a chunk of re-exports alone into a shared one (here lib/api.ts's), and zod would be
 * back.
 */
export const lazySchemas = { failure: failureSchema };
