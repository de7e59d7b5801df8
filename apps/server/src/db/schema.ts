// Every table, re-exported from the file of the module that owns it (db/schema/): the app
// imports db/schema.js and drizzle-kit reads this file.
export * from './schema/users.js';
export * from './schema/accounts.js';
export * from './schema/races.js';
export * from './schema/uploads.js';
export * from './schema/videos.js';
export * from './schema/race-route.js';
export * from './schema/voiceovers.js';
export * from './schema/jobs.js';
export * from './schema/tracks.js';
export * from './schema/ghost-windows.js';
export * from './schema/coupons.js';
export * from './schema/billing.js';
export * from './schema/standin-payments.js';
export * from './schema/events.js';
export * from './schema/group.js';
export * from './schema/challenges.js';
export * from './schema/strava.js';
export * from './schema/standin-strava.js';
export * from './schema/ads.js';
