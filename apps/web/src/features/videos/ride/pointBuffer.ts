import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { RIDE, type RideMode, type RidePoint } from '@ridealong/contracts';

/** A ride kept in this browser until the server has its points and its stop-track. */
export type StoredRide = {
  client_ride_id: string;
  race_url: string;
  race_id: number;
  user_id: number;
  title: string;
  /** The server's track, once add-track answered; null before. */
  track_id: number | null;
  started_at: number;
  /** Totals of every recorded second (the points themselves leave once stored). */
  accumulated_power: number;
  last_elapsed: number;
  /** The ride's mode and difficulty for add-track; absent in rides kept before issue 26 (steady). */
  mode?: RideMode;
  difficulty?: number;
  /** Metres at the last recorded second (a reactive ride's virtual distance, to resume from). */
  distance?: number;
};

type StoredPoint = RidePoint & { client_ride_id: string };

interface RideDb extends DBSchema {
  rides: { key: string; value: StoredRide; indexes: { by_race: string } };
  points: { key: [string, number]; value: StoredPoint };
}

export const RIDE_DB_NAME = 'ridealong-rides';

/** Every key of one ride's points: [id, any second]. */
const pointsOf = (id: string) => IDBKeyRange.bound([id, -Infinity], [id, Infinity]);

/**
 * The durable side of a ride: points wait here until the server's ack lists them as stored,
 * so a dropped connection or a reload loses nothing.
 */
export class PointBuffer {
  private constructor(private readonly db: IDBPDatabase<RideDb>) {}

  static async open(name = RIDE_DB_NAME): Promise<PointBuffer> {
    const db = await openDB<RideDb>(name, 1, {
      upgrade(database) {
        const rides = database.createObjectStore('rides', { keyPath: 'client_ride_id' });
        rides.createIndex('by_race', 'race_url');
        database.createObjectStore('points', { keyPath: ['client_ride_id', 'elapsed_time'] });
      },
    });
    return new PointBuffer(db);
  }

  close(): void {
    this.db.close();
  }

  async putRide(ride: StoredRide): Promise<void> {
    await this.db.put('rides', ride);
  }

  async getRide(id: string): Promise<StoredRide | undefined> {
    return this.db.get('rides', id);
  }

  async updateRide(id: string, patch: Partial<Omit<StoredRide, 'client_ride_id'>>): Promise<void> {
    const tx = this.db.transaction('rides', 'readwrite');
    const ride = await tx.store.get(id);
    if (ride) await tx.store.put({ ...ride, ...patch });
    await tx.done;
  }

  /** Keeps a recorded second and the ride's totals together (one transaction). */
  async addPoint(id: string, point: RidePoint): Promise<void> {
    const tx = this.db.transaction(['rides', 'points'], 'readwrite');
    const rides = tx.objectStore('rides');
    const ride = await rides.get(id);
    if (ride) {
      await tx.objectStore('points').put({ ...point, client_ride_id: id });
      await rides.put({
        ...ride,
        accumulated_power: point.accumulated_power,
        last_elapsed: Math.max(ride.last_elapsed, point.elapsed_time),
        distance: point.distance,
      });
    }
    await tx.done;
  }

  /** The ride's points the server has not confirmed, in video order. */
  async unconfirmed(id: string): Promise<RidePoint[]> {
    const stored = await this.db.getAll('points', pointsOf(id));
    return stored.map(({ client_ride_id: _id, ...point }) => point);
  }

  /** Forgets the points the server listed as stored. */
  async confirm(id: string, seconds: readonly number[]): Promise<void> {
    const tx = this.db.transaction('points', 'readwrite');
    await Promise.all(seconds.map((s) => tx.store.delete([id, s])));
    await tx.done;
  }

  /** Rides of this video and rider still waiting for their stop-track (after a reload). */
  async unfinished(raceUrl: string, userId: number): Promise<StoredRide[]> {
    const rides = await this.db.getAllFromIndex('rides', 'by_race', raceUrl);
    return rides.filter((r) => r.user_id === userId).sort((a, b) => b.started_at - a.started_at);
  }

  /** Drops a ride and its points (after stop-track, saved or discarded). */
  async remove(id: string): Promise<void> {
    const tx = this.db.transaction(['rides', 'points'], 'readwrite');
    await tx.objectStore('points').delete(pointsOf(id));
    await tx.objectStore('rides').delete(id);
    await tx.done;
  }
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

export type PushStatus = 'recording' | 'final';
/** Sends one batch; resolves with the seconds the server stored, rejects when it did not answer. */
export type PushPoints = (points: RidePoint[], status: PushStatus) => Promise<readonly number[]>;

/**
 * Sends every unconfirmed point in batches of at most RIDE.maxPointsPerPush, forgetting each
 * batch's stored seconds as its ack comes. With `final` the last batch (empty when nothing is
 * left) carries status 'final'. Resolves with how many points are still unconfirmed.
 */
export async function flushPoints(
  buffer: PointBuffer,
  id: string,
  push: PushPoints,
  { final = false }: { final?: boolean } = {},
): Promise<number> {
  const pending = await buffer.unconfirmed(id);
  const batches = chunk(pending, RIDE.maxPointsPerPush);
  if (final && batches.length === 0) batches.push([]);
  for (const [i, batch] of batches.entries()) {
    const status: PushStatus = final && i === batches.length - 1 ? 'final' : 'recording';
    const stored = await push(batch, status);
    await buffer.confirm(id, stored);
  }
  return (await buffer.unconfirmed(id)).length;
}
