import { userSchema, type User } from '@ridealong/contracts';
import { useUserStore } from '../stores/user';

/** Tests only: the member's whole user as the API answers it, checked against the contract. */
export function fixtureUser(id: number, fields: Partial<User> = {}): User {
  return userSchema.parse({
    id,
    display_name: `Rider ${id}`,
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
    units: 'imperial',
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
    ...fields,
  });
}

/** Signs `user` in to the store, as the sign-in call would. */
export function signInAs(user: User, token = 'test-token'): void {
  useUserStore.getState().logout();
  useUserStore.getState().authenticate(user, token);
}
