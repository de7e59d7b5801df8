import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import {
  races,
  stravaAccounts,
  stravaUploads,
  trackPoints,
  tracks,
  users,
  type StravaUploadRow,
} from '../src/db/schema.js';
import type { StravaTokens } from '../src/modules/strava/types.js';
import { uniqueEmail } from './harness.js';

/**
 * Shared by the upload tests: saved rides made straight in the database, a member's Strava
 * connection, a scriptable StravaTokens, and waiting for an upload to settle.
 */

/** A member's recording ride of `seconds` points on a ready video, begun `seconds` + 60 s ago. */
export async function recordingRide(
  database: Database,
  opts: { seconds?: number; userId?: number; title?: string } = {},
): Promise<{ trackId: number; userId: number }> {
  const { db } = database;
  const seconds = opts.seconds ?? 90;
  let userId = opts.userId;
  if (userId === undefined) {
    const [user] = await db
      .insert(users)
      .values({
        email: uniqueEmail('strava'),
        emailVerified: true,
        username: 'Stella',
        displayName: 'Stella',
      })
      .returning();
    userId = user!.id;
  }
  const title = opts.title ?? 'Col du Galibier';
  const [race] = await db
    .insert(races)
    .values({ url: `v-${randomUUID()}`, title, status: 'ready', duration: 3600, userId })
    .returning();
  const begun = new Date(Date.now() - (seconds + 60) * 1000);
  const [track] = await db
    .insert(tracks)
    .values({
      userId,
      raceId: race!.id,
      raceUrl: race!.url,
      title,
      clientRideId: randomUUID(),
      createdAt: begun,
      startedAt: begun,
      lastElapsedTime: seconds - 1,
    })
    .returning();
  await db.insert(trackPoints).values(
    Array.from({ length: seconds }, (_, s) => ({
      trackId: track!.id,
      elapsedTime: s,
      accumulatedPower: (s + 1) * 200,
      power: 200,
      heartRate: 140,
      cadence: 90,
      distance: s * 8,
      speed: 8,
      recordedAt: new Date(begun.getTime() + s * 1000),
    })),
  );
  return { trackId: track!.id, userId };
}

/** A saved ride of the member (saved in the database, as a finished save leaves it). */
export async function savedRide(database: Database, userId: number): Promise<{ trackId: number }> {
  const ride = await recordingRide(database, { userId, seconds: 90 });
  await database.db
    .update(tracks)
    .set({ status: 'saved', duration: 90, totalDistance: 712, accumulatedPower: 18_000 })
    .where(eq(tracks.id, ride.trackId));
  return { trackId: ride.trackId };
}

/** A Strava connection row (the tokens in it are never read by the fake StravaTokens). */
export async function connect(
  database: Database,
  userId: number,
  opts: { revoked?: boolean } = {},
): Promise<void> {
  await database.db
    .insert(stravaAccounts)
    .values({
      userId,
      athleteId: String(100_000 + userId),
      athleteName: 'Stella',
      scope: 'read_all,activity:write',
      accessTokenEnc: 'not-read-here',
      refreshTokenEnc: 'not-read-here',
      expiresAt: new Date(Date.now() + 6 * 3600_000),
      revokedAt: opts.revoked ? new Date() : null,
    })
    .onConflictDoUpdate({
      target: stravaAccounts.userId,
      set: { revokedAt: opts.revoked ? new Date() : null },
    });
}

/**
 * StravaTokens as a test wants it: `token` for everyone (null: not connected), `refreshed`
 * after a forced refresh; every call and revocation recorded.
 */
export function fakeTokens(initial: { token?: string | null; refreshed?: string | null } = {}) {
  const state = {
    token: initial.token === undefined ? 'token-ok' : initial.token,
    refreshed: initial.refreshed === undefined ? 'token-ok' : initial.refreshed,
    calls: [] as { userId: number; forceRefresh: boolean }[],
    revoked: [] as number[],
  };
  const tokens: StravaTokens = {
    async accessToken(userId, opts) {
      const forceRefresh = opts?.forceRefresh ?? false;
      state.calls.push({ userId, forceRefresh });
      if (forceRefresh) state.token = state.refreshed;
      return state.token;
    },
    async markRevoked(userId) {
      state.revoked.push(userId);
    },
  };
  return { state, tokens };
}

export async function uploadRow(database: Database, trackId: number) {
  const [row] = await database.db
    .select()
    .from(stravaUploads)
    .where(eq(stravaUploads.trackId, trackId));
  return row ?? null;
}

/** Polls until the ride's upload is uploaded or failed. */
export async function settledUpload(
  database: Database,
  trackId: number,
  timeoutMs = 20_000,
): Promise<StravaUploadRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await uploadRow(database, trackId);
    if (row && (row.state === 'uploaded' || row.state === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`upload of ${trackId}: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
