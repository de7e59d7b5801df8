import type { Db } from './db/client.js';
import { domainEventJobPayloads } from './events/bus.js';
import { createDbJobQueue, type DbJobQueue } from './jobs/db-queue.js';
import type { PayloadsOf } from './jobs/types.js';
import type { ModuleDefinition } from './shape/server-module.js';
import { localPayments } from './standins/payments/local-payments.js';
import { standinRoutes as stravaStandIn } from './standins/strava/routes.js';
import { accountsModule } from './modules/accounts/index.js';
import { adminsModule } from './modules/admins/index.js';
import { adsModule } from './modules/ads/index.js';
import { billingModule } from './modules/billing/index.js';
import { challengeJobPayloads, challengesModule } from './modules/challenges/index.js';
import { channelsModule } from './modules/channels/index.js';
import { configModule } from './modules/config/index.js';
import { couponsModule } from './modules/coupons/index.js';
import { desktopReleasesModule } from './modules/desktop-releases/index.js';
import { eventsModule } from './modules/events/index.js';
import { groupModule } from './modules/group/index.js';
import { gradientsModule } from './modules/gradients/index.js';
import { healthModule } from './modules/health/index.js';
import { mediaModule } from './modules/media/index.js';
import { raceRouteModule } from './modules/race-route/index.js';
import { racesModule } from './modules/races/index.js';
import { rideModule } from './modules/ride/index.js';
import { stravaJobPayloads, stravaModule } from './modules/strava/index.js';
import { tracksModule } from './modules/tracks/index.js';
import { uploadsModule } from './modules/uploads/index.js';
import { usersModule } from './modules/users/index.js';
import { videoJobPayloads, videosModule } from './modules/videos/index.js';
import { voiceoverJobPayloads, voiceoversModule } from './modules/voiceovers/index.js';

/** Two job maps as one; a name both use does not compile (one would win silently). */
function joinJobs<A extends object, B extends object>(
  a: A,
  b: B & Record<keyof A & keyof B, never>,
): A & B {
  return { ...a, ...b };
}

/** Every job of the app and its payload's schema: the modules' and the domain events'. */
export const appJobPayloads = joinJobs(
  joinJobs(
    joinJobs(joinJobs(videoJobPayloads, challengeJobPayloads), stravaJobPayloads),
    voiceoverJobPayloads,
  ),
  domainEventJobPayloads,
);
export type AppJobs = PayloadsOf<typeof appJobPayloads>;

/**
 * The server's modules, lowest first (tools/eslint/server-module-boundaries.js, MODULE_LAYERS):
 * each is built after the ones it may use, and app.ts assembles them in this order.
 */
export const APP_MODULES: readonly ModuleDefinition<AppJobs>[] = [
  mediaModule,
  adminsModule,
  usersModule,
  billingModule(localPayments),
  accountsModule,
  couponsModule,
  racesModule,
  raceRouteModule,
  channelsModule,
  videosModule,
  gradientsModule,
  uploadsModule,
  voiceoversModule,
  tracksModule,
  challengesModule,
  stravaModule(stravaStandIn),
  rideModule,
  groupModule,
  eventsModule,
  adsModule,
  desktopReleasesModule,
  configModule,
  healthModule,
];

/** The app's queue, built once and handed to the modules; any process may enqueue. */
export function appJobQueue(db: Db): DbJobQueue<AppJobs> {
  return createDbJobQueue<AppJobs>({ db, schemas: appJobPayloads });
}
