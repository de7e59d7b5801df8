import type { StoredRide } from '../features/videos/ride/pointBuffer';

/** A ride kept in this browser (video 7 'demo', rider 3, track 41), before any second. */
export const storedRide = (over: Partial<StoredRide> = {}): StoredRide => ({
  client_ride_id: 'ride-kept',
  race_url: 'demo',
  race_id: 7,
  user_id: 3,
  title: 'Demo',
  track_id: 41,
  started_at: 1,
  accumulated_power: 0,
  last_elapsed: -1,
  ...over,
});
