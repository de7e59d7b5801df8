import { STRAVA_CONNECTED, unitSystemOf, type PublicUser, type User } from '@ridealong/contracts';
import type { UserRow } from '../../db/schema.js';

/** The public part of a member (document 000 section 9: profile data is public). */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    display_name: row.displayName,
    first_name: row.firstName,
    last_name: row.lastName,
    photo_url: row.photoUrl,
    gender: row.gender,
    height: row.height,
    weight: row.weight,
    channel_title: row.channelTitle,
    channel_description: row.channelDescription,
    channel_image: row.channelImage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a User answer says of the member's Strava connection (strava_accounts). */
export type StravaConnection = { connected: boolean; reconnect: boolean };

/**
 * Every answer that gives a member their own User goes through one of these (user-presenter.ts),
 * so each carries the member's challenges and Strava connection.
 */
export type PresentUser = (row: UserRow) => Promise<User>;

/**
 * The whole User entity, for its owner only. `userChallenges`: the member's challenges, newest
 * joined first (challenges/service.ts `summaries`). `strava`: the member's connection
 * (strava_accounts); Strava's tokens never leave the server, so a v1 client reading
 * strava_authorization_code learns only that the member is connected (docs/strava.md).
 */
export function toUser(
  row: UserRow,
  userChallenges: User['user_challenges'],
  strava: StravaConnection,
): User {
  return {
    ...toPublicUser(row),
    email: row.email,
    email_verified: row.emailVerified,
    login_count: row.loginCount,
    admin: row.admin,
    accepted_terms_and_conditions: row.acceptedTerms,
    enter_demo_mode_at: row.enterDemoModeAt,
    members_riding_your_videos_notification: row.notifyMembersRiding,
    send_weekly_fitness_summary: row.sendWeeklyFitnessSummary,
    send_most_ridden_tracks: row.sendMostRiddenTracks,
    send_who_rode_your_rides: row.sendWhoRodeYourRides,
    strava_auto_save: row.stravaAutoSave,
    trainer_difficulty: row.trainerDifficulty,
    trainer_downhill: row.trainerDownhill,
    units: unitSystemOf(row.units),
    ride_mode: row.rideMode,
    strava_authorization_code: strava.connected ? STRAVA_CONNECTED : null,
    strava_refresh_token: null,
    strava_access_token: null,
    strava_access_token_expires_at: null,
    strava_connected: strava.connected,
    strava_reconnect: strava.reconnect,
    account_level: row.accountLevel,
    previous_account_level: row.previousAccountLevel,
    current_period_end_date: row.currentPeriodEndDate?.toISOString() ?? null,
    complimentary_access: row.complimentaryAccess,
    account_expired: row.accountExpired,
    stripe_sub_id: row.stripeSubId,
    user_challenges: userChallenges,
  };
}
