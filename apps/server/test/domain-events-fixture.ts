import type { Db } from '../src/db/client.js';
import { appJobQueue } from '../src/app-modules.js';
import { domainEventBus, type DomainEventBus } from '../src/events/bus.js';
import { challengeSubscribers } from '../src/modules/challenges/subscribers.js';
import { stravaSubscribers } from '../src/modules/strava/upload-auto.js';

/**
 * The domain events as the app wires them (the challenges' and Strava's reactions), for tests
 * that save or delete rides without building the app.
 */
export function appDomainEvents(db: Db): DomainEventBus {
  const jobs = appJobQueue(db);
  const bus = domainEventBus(jobs);
  bus.subscribe(stravaSubscribers(jobs));
  bus.subscribe(challengeSubscribers(db, jobs));
  return bus;
}
