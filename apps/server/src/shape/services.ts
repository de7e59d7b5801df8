/**
 * The parts modules offer the modules above them, by name. Each providing module adds its
 * entry with TypeScript's interface merging (as Fastify's decorators do), in its module.ts:
 *
 *   declare module '../../shape/services.js' {
 *     interface ModuleServices { listingCounts: ListingCounts }
 *   }
 *
 * so a module that needs one gets its type without importing the provider's internals.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleServices {}
