import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PublicConfig } from '@ridealong/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createMediaRunner } from '@ridealong/media';
import { APP_MODULES, appJobPayloads, appJobQueue, type AppJobs } from './app-modules.js';
import { domainEventBus } from './events/bus.js';
import { installAuth } from './http/auth.js';
import { frameworkErrorAnswer, installErrorHandler } from './http/error-handler.js';
import { authRateLimits } from './http/rate-limits.js';
import { clientErrorAnswer, installStorableTextGuard } from './http/storable-text.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installPublicMedia } from './http/public-media.js';
import { installStaticWeb } from './http/static-web.js';
import { appJobRunner, completeHandlers } from './jobs/app-jobs.js';
import { installWorker } from './jobs/worker.js';
import type { Mailer } from './lib/mailer.js';
import { mediaSigner } from './lib/media-signing.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import { fileSecret } from './lib/secrets.js';
import { localStorage } from './lib/storage.js';
import { interServerBus, type InterServerBus } from './realtime/inter-server-bus.js';
import { realtimeServer } from './realtime/realtime-server.js';
import type { ModuleContext, ServerModule } from './shape/server-module.js';
import { serviceRegistry } from './shape/service-registry.js';

/** The side effects the app is built on; tests pass their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  promoVideo: PublicConfig['promoVideo'];
  /** Tests: one bus shared by apps in one process (as Redis joins real processes). */
  interServer?: InterServerBus;
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // Signed tokens travel in paths (the local payment portal's); Fastify's default is 100.
    routerOptions: { maxParamLength: 512 },
    clientErrorHandler: clientErrorAnswer,
    frameworkErrors: frameworkErrorAnswer,
    // Behind a load balancer every client would share its address (and one rate-limit bucket).
    trustProxy: config.trustProxy,
    // Socket inactivity, not request length: a client gone quiet mid-body is cut off (freeing its
    // upload's scratch files) while a slow upload that keeps sending is not. WebSockets opt out.
    connectionTimeout: config.httpIdleTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app.server);
  // Before the auth hook and every route: text the database cannot store is a 400 at the door.
  installStorableTextGuard(app);
  // Before every route (it hooks the routes made after it): JSON answers of 1 KB and more.

  await app.register(swagger, {
    openapi: {
      info: { title: 'RideAlong API', version: '1.0.0', description: 'The public v1 contract.' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Shared by every module (ModuleContext): signed media, the job queue, the domain events.
  const signer = mediaSigner(
    config.mediaSigningSecret ?? (await fileSecret(path.join(config.dataDir, 'media-signing.key'))),
  );
  // Processes tell each other about ended sessions (Redis pub/sub with REDIS_URL), whatever
  // their roles: a logout served here ends the rider's sockets wherever they are.
  const interServer = deps.interServer ?? (await interServerBus(config.redisUrl, app.log));
  // A bus passed in is its giver's to close.
  if (!deps.interServer) app.addHook('onClose', () => interServer.close());
  // One job queue for every module: any process enqueues, `worker` processes run (below).
  const jobs = appJobQueue(database.db);
  const services = serviceRegistry();
  const ctx: ModuleContext<AppJobs> = {
    config,
    database,
    db: database.db,
    log: app.log,
    mailer: deps.mailer,
    rateLimiter: deps.rateLimiter,
    authLimits: authRateLimits(deps.rateLimiter, config.rateLimit),
    promoVideo: deps.promoVideo,
    signer,
    storage: localStorage(config.mediaDir),
    mediaRunner: createMediaRunner({
      ffmpegPath: config.ffmpegPath,
      ffprobePath: config.ffprobePath,
    }),
    jobs,
    events: domainEventBus(jobs),
    interServer,
    ownAddress: () => app.server.address(),
    services,
    // Each its own hook: they run newest first, and one that fails does not stop the others.
    onClose: (close) => void app.addHook('onClose', close),
  };
  // Every module, lowest first (app-modules.ts): built in every process, whatever its roles.
  const modules: ServerModule[] = [];
  for (const definition of APP_MODULES) {
    const built = await definition.build(ctx);
    ctx.events.subscribe(built.subscribers ?? {}, built.checkers);
    modules.push(built);
  }
  const sessions = services.need('sessions');
  installAuth(app, sessions);

  // One Socket.IO server (realtime/) in `realtime` processes: the session handshake, then each
  // module's namespace; its connections end before the HTTP server closes.
  const realtime = realtimeServer({ sessions, log: app.log, redisUrl: config.redisUrl });
  for (const m of modules) for (const ns of m.namespaces ?? []) realtime.register(ns);
  if (config.roles.realtime) app.addHook('onReady', () => realtime.attach(app.server));
  app.addHook('preClose', () => realtime.close());

  // Jobs and sweeps run in `worker` processes only; the others never run one (roles.ts).
  if (config.roles.worker) {
    const handlers = completeHandlers<AppJobs>(appJobPayloads, [
      ...modules.map((m) => m.jobs),
      ctx.events.jobHandlers(),
    ]);
    installWorker(app, [
      appJobRunner(jobs, handlers, { config, log: app.log }),
      ...modules.flatMap((m) => m.sweeps ?? []),
    ]);
  }

  for (const m of modules)
    for (const routes of m.everyProcessRoutes ?? []) await app.register(routes);
  // Without `api` a process answers /healthz (balancers, orchestrators) and, with `realtime`,
  // Socket.IO; anything else is the JSON 404 (no web app: distDir null), see
  // docs/running-several-processes.md.
  if (!config.roles.api) {
    await installStaticWeb(app, null);
    return app;
  }
  await app.register(
    async (api) => {
      for (const m of modules) for (const routes of m.apiRoutes ?? []) await api.register(routes);
    },
    { prefix: '/api/v1' },
  );
  for (const m of modules) for (const routes of m.rootRoutes ?? []) await app.register(routes);
  await installPublicMedia(app, config.mediaDir);
  await installStaticWeb(app, config.webDistDir);
  return app;
}
