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
import { CHALLENGE_MESSAGES, type PublicConfig } from '@ridealong/contracts';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { installAuth } from './http/auth.js';
import { frameworkErrorAnswer, installErrorHandler } from './http/error-handler.js';
import { clientErrorAnswer, installStorableTextGuard } from './http/storable-text.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installPublicMedia } from './http/public-media.js';
import { installStaticWeb } from './http/static-web.js';
import type { Mailer } from './lib/mailer.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import { fileSecret } from './lib/secrets.js';
import { mediaSigner } from './modules/media/signing.js';
import { emailCodes } from './modules/accounts/email-codes.js';
import { authRateLimits } from './modules/accounts/rate-limits.js';
import { desktopSignin } from './modules/accounts/desktop-signin.js';
import { desktopSigninRoutes } from './modules/accounts/desktop-signin-routes.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { accountsService, startSession } from './modules/accounts/service.js';
import { sessionStore } from './modules/accounts/sessions.js';
import { busRevocations } from './modules/accounts/revocations.js';
import { interServerBus } from './realtime/inter-server-bus.js';
import { realtimeServer } from './realtime/realtime-server.js';
import { facebookProvider, googleProvider } from './modules/accounts/social-providers.js';
import { socialSignin } from './modules/accounts/social-signin.js';
import { publicConfigRoutes } from './modules/config/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { usersRepository } from './modules/users/repository.js';
import { usersRoutes } from './modules/users/routes.js';
import { toUser, type PresentUser } from './modules/users/presenter.js';
import { channelImageStore } from './modules/channels/images.js';
import { channelsRepository } from './modules/channels/repository.js';
import { channelsRoutes } from './modules/channels/routes.js';
import { channelsService } from './modules/channels/service.js';
import { listingCounts } from './modules/races/listing-counts.js';
import { mediaCleanup } from './modules/races/media-cleanup.js';
import { racesRepository } from './modules/races/repository.js';
import { racesRoutes } from './modules/races/routes.js';
import { raceRouteRoutes } from './modules/race-route/routes.js';
import { racesService } from './modules/races/service.js';
import { eventsRepository } from './modules/events/repository.js';
import { eventsRoutes } from './modules/events/routes.js';
import { eventsService } from './modules/events/service.js';
import { videoPipeline } from './modules/videos/pipeline.js';
import { appJobHandlers, appJobQueue, appJobRunner } from './jobs/app-jobs.js';
import { installWorker } from './jobs/worker.js';
import { trackJobHandlers } from './modules/tracks/jobs.js';
import { rideNamespace } from './modules/ride/channel.js';
import { rideService } from './modules/ride/service.js';
import { groupNamespace } from './modules/group/channel.js';
import { openLiveStore } from './modules/group/open-live-store.js';
import { groupSweep } from './modules/group/sweep.js';
import { tracksRoutes } from './modules/tracks/routes.js';
import { tracksService } from './modules/tracks/service.js';
import { payments as paymentsModule } from './modules/billing/payments.js';
import { accountOpener } from './modules/accounts/open-account.js';
import { promoteAdmins } from './modules/admins/admin-emails.js';
import { expirySweep } from './modules/billing/expiry-sweep.js';
import { standingsSweep } from './modules/tracks/history-standings-sweep.js';
import { staleRidesSweep } from './modules/tracks/stale-rides-sweep.js';
import { couponsRepository } from './modules/coupons/repository.js';
import { couponsRoutes } from './modules/coupons/routes.js';
import { couponsService } from './modules/coupons/service.js';
import { challengeJobHandlers } from './modules/challenges/jobs.js';
import { challengesAfterSave, enqueueMemberRefresh } from './modules/challenges/hooks.js';
import { challengesRepository } from './modules/challenges/repository.js';
import { membersRepository } from './modules/challenges/members-repository.js';
import { challengesRoutes } from './modules/challenges/routes.js';
import { challengesService } from './modules/challenges/service.js';
import { stravaConnect } from './modules/strava/connect.js';
import { stravaRoutes } from './modules/strava/routes.js';
import { stravaUploads } from './modules/strava/uploads-module.js';
import { desktopReleases } from './modules/desktop-releases/module.js';

/** The side effects the app is built on; tests pass their own. */
export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  promoVideo: PublicConfig['promoVideo'];
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

  const users = usersRepository(database.db);
  const signer = mediaSigner(
    config.mediaSigningSecret ?? (await fileSecret(path.join(config.dataDir, 'media-signing.key'))),
  );
  // Processes tell each other about ended sessions (Redis pub/sub with REDIS_URL), whatever
  // their roles: a logout served here ends the rider's sockets wherever they are.
  const bus = await interServerBus(config.redisUrl, app.log);
  app.addHook('onClose', () => bus.close());
  const sessions = sessionStore(database.db, config.sessionTtlMs, busRevocations(bus));
  installAuth(app, sessions);
  // One job queue for every module: any process enqueues, `worker` processes run (below).
  const jobs = appJobQueue(database.db);
  // Uploads, the video.process job, storage and signed media.
  // Totals of large listings are cached briefly (see listing-counts.ts); a new video refreshes them.
  const counts = listingCounts();
  const video = videoPipeline({
    config,
    db: database.db,
    signer,
    jobs,
    log: app.log,
    // A ready video counts for its owner's upload challenges: the refresh commits with it.
    whenVideoReady: (tx, v) => enqueueMemberRefresh(jobs, tx, v.userId, v.createdAt),
    onVideoReady: () => {
      counts.invalidate();
      jobs.wake();
    },
  });
  // One Socket.IO server (realtime/) in `realtime` processes: the session handshake, then each
  // module's namespace; its connections end before the HTTP server closes.
  const realtime = realtimeServer({ sessions, log: app.log, redisUrl: config.redisUrl });
  realtime.register(
    rideNamespace({
      service: rideService(database.db, signer, jobs),
      log: app.log,
      eventLimit: config.rideEvents,
    }),
  );
  // Group rides (docs/group.md): presence and latest points in the live store (Redis with
  // REDIS_URL); closed last (onClose hooks run newest first), after the relay and the sweep.
  const groupLive = await openLiveStore(config.redisUrl, app.log);
  app.addHook('onClose', () => groupLive.close());
  const group = groupNamespace({ db: database.db, live: groupLive, log: app.log });
  realtime.register(group);
  app.addHook('onClose', () => group.close());
  if (config.roles.realtime) app.addHook('onReady', () => realtime.attach(app.server));
  app.addHook('preClose', () => realtime.close());
  // Accounts named in ADMIN_EMAILS are admins from start; new ones at sign-up or sign-in.
  await promoteAdmins(database.db, config.adminEmails);
  const openAccount = accountOpener(database.db, config);
  // Strava's Connect side (docs/strava.md): endpoints, members' tokens and, without
  // STRAVA_CLIENT_ID, the stand-in, which every process serves (a worker uploads to itself).
  const strava = await stravaConnect({
    config,
    db: database.db,
    log: app.log,
    ownAddress: () => app.server.address(),
  });
  // Uploads to Strava over those (docs/strava.md, 'Uploads'): the `strava.upload` job (workers)
  // and the activity's upload action (api).
  const stravaUploadsPart = stravaUploads({
    db: database.db,
    jobs,
    endpoints: strava.endpoints,
    tokens: strava.tokens,
  });
  // Jobs and sweeps run in `worker` processes only; the others never run one (roles.ts).
  if (config.roles.worker) {
    installWorker(app, [
      appJobRunner(
        jobs,
        appJobHandlers({
          videos: video.jobHandlers,
          tracks: trackJobHandlers({ challenges: challengesAfterSave(database.db) }),
          challenges: challengeJobHandlers(database.db),
          strava: stravaUploadsPart.jobHandlers,
        }),
        { config, log: app.log },
      ),
      video.housekeeping,
      // Trials and complimentary grants end on time (see expiry-sweep.ts).
      expirySweep({ db: database.db, log: app.log }),
      // The history leaderboard's standings (docs/ride.md, 'History leaderboard').
      standingsSweep({ db: database.db, log: app.log }),
      // Rides nobody will finish are saved or removed (see tracks/stale-rides-sweep.ts).
      staleRidesSweep({
        db: database.db,
        jobs,
        staleAfterMs: config.rideAbandonMs,
        log: app.log,
      }),
      // Group events end by themselves; presence is read only where it is everyone's.
      groupSweep({
        db: database.db,
        live: groupLive,
        log: app.log,
        presenceShared: groupLive.shared || config.roles.realtime,
      }),
    ]);
  }
  const accounts = accountsService({
    users,
    sessions,
    codes: emailCodes(database.db),
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    openAccount,
    adminEmails: config.adminEmails,
  });

  // Stripe, or the local test provider with its own pages (docs/billing.md, "Payments").
  const payments = await paymentsModule({ config, db: database.db, log: app.log });
  if (strava.standInRoutes) await app.register(strava.standInRoutes);

  const authLimits = authRateLimits(deps.rateLimiter, config.rateLimit);
  await app.register(healthRoutes(database.ping));
  // Without `api` a process answers /healthz (balancers, orchestrators) and, with `realtime`,
  // Socket.IO; anything else is the JSON 404 (no web app: distDir null), see
  // docs/running-several-processes.md.
  if (!config.roles.api) {
    await installStaticWeb(app, null);
    return app;
  }
  const channelImages = channelImageStore(config.mediaDir);
  const challengeRows = challengesRepository(database.db);
  const challenges = challengesService({
    challenges: challengeRows,
    members: membersRepository(database.db),
    jobs,
    limiter: deps.rateLimiter,
  });
  const releases = await desktopReleases({ releasesDir: config.releasesDir, log: app.log });
  const presentUser: PresentUser = async (row) => {
    const [userChallenges, stravaStatus] = await Promise.all([
      challenges.summaries(row.id),
      strava.status(row.id),
    ]);
    return toUser(row, userChallenges, stravaStatus);
  };
  await app.register(
    async (api) => {
      await api.register(
        accountsRoutes({
          accounts,
          limit: authLimits,
          social: {
            google: config.google ? googleProvider(config.google) : null,
            facebook: config.facebook ? facebookProvider(config.facebook) : null,
          },
          socialSignin: (p) =>
            socialSignin(
              { db: database.db, users, sessions, openAccount, adminEmails: config.adminEmails },
              p,
            ),
          presentUser,
        }),
      );
      await api.register(
        desktopSigninRoutes(
          desktopSignin({
            db: database.db,
            startSession: (userId) =>
              startSession({ users, sessions, adminEmails: config.adminEmails }, userId),
          }),
          authLimits,
          presentUser,
        ),
      );
      await api.register(usersRoutes(users, presentUser));
      await api.register(stravaRoutes(strava.service, presentUser, authLimits));
      await api.register(payments.apiRoutes);
      await api.register(
        couponsRoutes(
          couponsService({ db: database.db, coupons: couponsRepository(database.db), users }),
          authLimits,
        ),
      );
      await api.register(
        tracksRoutes(tracksService(database.db, jobs, deps.rateLimiter), signer, strava.endpoints),
      );
      await api.register(stravaUploadsPart.apiRoutes(signer));
      await api.register(challengesRoutes(challenges, signer, presentUser));
      await api.register(video.apiRoutes);
      await api.register(releases.apiRoutes);
      await api.register(raceRouteRoutes(database.db));
      const raceRows = racesRepository(database.db);
      await api.register(
        racesRoutes(
          racesService({
            repo: raceRows,
            counts,
            removeMedia: mediaCleanup(database.db, config.mediaDir),
            inUse: async (race) =>
              (await challengeRows.racesVideo(race.url, new Date()))
                ? CHALLENGE_MESSAGES.videoInUse
                : null,
            // A ready video counted for its owner's upload challenges until now.
            whenRemoved: async (tx, race) => {
              if (race.status === 'ready') {
                await enqueueMemberRefresh(jobs, tx, race.userId, race.createdAt);
              }
            },
          }),
          signer,
        ),
      );
      await api.register(
        eventsRoutes(
          eventsService({
            repo: eventsRepository(database.db),
            live: groupLive,
            limiter: deps.rateLimiter,
          }),
          signer,
        ),
      );
      await api.register(
        channelsRoutes(
          channelsService({
            channels: channelsRepository(database.db),
            races: raceRows,
            users,
            images: channelImages,
            counts,
          }),
          signer,
          channelImages.scratchDir,
          presentUser,
        ),
      );
      await api.register(
        publicConfigRoutes(() => ({
          googleClientId: config.google?.clientId ?? null,
          facebookAppId: config.facebook?.appId ?? null,
          promoVideo: deps.promoVideo,
        })),
      );
    },
    { prefix: '/api/v1' },
  );
  await app.register(video.mediaRoutes);
  await app.register(releases.fileRoutes);
  await installPublicMedia(app, config.mediaDir);
  if (payments.pageRoutes) await app.register(payments.pageRoutes);
  await installStaticWeb(app, config.webDistDir);
  return app;
}
