import type { Server } from 'node:net';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PublicConfig } from '@ridealong/contracts';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { DomainEventBus } from '../events/bus.js';
import type { DomainCheckers, DomainSubscribers } from '../events/subscribers.js';
import type { JobHandler, JobQueue } from '../jobs/types.js';
import type { BackgroundTask } from '../jobs/worker.js';
import type { MediaRunner } from '@ridealong/media';
import type { Mailer } from '../lib/mailer.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { Storage } from '../lib/storage.js';
import type { AuthRateLimits } from '../http/rate-limits.js';
import type { MediaSigner } from '../lib/media-signing.js';
import type { InterServerBus } from '../realtime/inter-server-bus.js';
import type { NamespaceModule } from '../realtime/namespaces.js';
import type { ModuleServices } from './services.js';

/**
 * What every module is built from: the process's side effects and shared parts, made once by
 * app.ts before any module. `jobs` is the app's queue, typed by what the module enqueues.
 */
export type ModuleContext<Jobs = unknown> = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  authLimits: AuthRateLimits;
  promoVideo: PublicConfig['promoVideo'];
  signer: MediaSigner;
  /** Where media files live (local disk under MEDIA_DIR). */
  storage: Storage;
  /** ffmpeg and ffprobe. */
  mediaRunner: MediaRunner;
  jobs: JobQueue<Jobs>;
  events: DomainEventBus;
  interServer: InterServerBus;
  /** Where this process listens, once it does (the Strava stand-in calls itself). */
  ownAddress: () => ReturnType<Server['address']>;
  /** What modules built earlier (lower in MODULE_LAYERS) provide to the ones above them. */
  services: ServiceRegistry;
  /** Runs when the app closes (newest first), after the realtime layer and the worker's tasks. */
  onClose: (close: () => Promise<void>) => void;
};

/** Named parts a module offers the modules above it (their types: shape/services.ts). */
export type ServiceRegistry = {
  provide<K extends keyof ModuleServices>(name: K, service: ModuleServices[K]): void;
  /** What a lower module provided; a start-up error when none did (a module built out of order). */
  need<K extends keyof ModuleServices>(name: K): ModuleServices[K];
};

/**
 * What a module contributes; app.ts assembles every module's in one loop, and the process's
 * roles decide which parts run (src/roles.ts): routes with `api`, namespaces with `realtime`,
 * jobs and sweeps with `worker`; subscribers everywhere (any process may change data).
 */
export type ServerModule = {
  name: string;
  /** Under /api/v1. */
  apiRoutes?: FastifyPluginAsyncZod[];
  /** At the root (media files, pages), after the API. */
  rootRoutes?: (FastifyPluginAsyncZod | FastifyPluginAsync)[];
  /** Served by every process whatever its roles (the Strava stand-in: a worker calls it). */
  everyProcessRoutes?: FastifyPluginAsync[];
  namespaces?: NamespaceModule<never>[];
  /** Handlers of the jobs in the module's `jobPayloads` (its index.ts). */
  jobs?: Record<string, JobHandler<never>>;
  /** Background work of `worker` processes. */
  sweeps?: BackgroundTask[];
  /** Reactions to other modules' domain events (src/events/domain-events.ts). */
  subscribers?: DomainSubscribers;
  checkers?: DomainCheckers;
};

/** A module as app.ts lists it: its name and how it is built. */
export type ModuleDefinition<Jobs = unknown> = {
  name: string;
  build: (ctx: ModuleContext<Jobs>) => ServerModule | Promise<ServerModule>;
};
