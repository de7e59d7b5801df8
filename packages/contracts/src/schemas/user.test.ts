import { describe, expect, it } from 'vitest';
import { unitSystemOf } from '../rules/units.js';
import { userSchema } from './user.js';

/** A v1 User as an older server (or a v1 desktop app's server) sends it: no `units`. */
const v1User = {
  id: 7,
  display_name: 'Rider 7',
  first_name: 'Sam',
  last_name: null,
  photo_url: null,
  gender: null,
  height: null,
  weight: null,
  channel_title: null,
  channel_description: null,
  channel_image: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  email: 'sam@example.com',
  email_verified: true,
  login_count: 3,
  admin: false,
  accepted_terms_and_conditions: true,
  enter_demo_mode_at: null,
  members_riding_your_videos_notification: true,
  send_weekly_fitness_summary: true,
  send_most_ridden_tracks: true,
  send_who_rode_your_rides: true,
  strava_auto_save: false,
  trainer_difficulty: 100,
  trainer_downhill: 50,
  strava_authorization_code: null,
  strava_refresh_token: null,
  strava_access_token: null,
  strava_access_token_expires_at: null,
  strava_connected: false,
  strava_reconnect: false,
  account_level: 'free',
  previous_account_level: null,
  current_period_end_date: null,
  complimentary_access: false,
  account_expired: false,
  stripe_sub_id: null,
  user_challenges: [],
};

describe('the User payload', () => {
  it('accepts a User without units (added after v1), read as the imperial default', () => {
    const parsed = userSchema.parse(v1User);
    expect(parsed.units).toBeUndefined();
    expect(unitSystemOf(parsed.units)).toBe('imperial');
  });

  it('keeps the units a newer server sends, and refuses an unknown system', () => {
    expect(unitSystemOf(userSchema.parse({ ...v1User, units: 'metric' }).units)).toBe('metric');
    expect(userSchema.safeParse({ ...v1User, units: 'furlongs' }).success).toBe(false);
  });
});
