import { failureSchema, publicConfigSchema } from '@ridealong/contracts';

/**
 * Contracts' schemas that code on a guest's first load needs only once an answer is in: they
 * bring zod (about 27 KB gzipped), so they are imported dynamically and load while the request
 * is in flight (issue 12's first-load budget). An object, not a bare re-export: Rollup merges a
 * chunk of re-exports alone into a shared one (here lib/api.ts's), and zod would be back.
 */
export const lazySchemas = { failure: failureSchema, publicConfig: publicConfigSchema };
