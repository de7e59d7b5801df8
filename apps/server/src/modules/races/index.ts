/** The races module's public face: what app.ts and the modules above it may use. */
export { racesModule } from './module.js';
export { type ListingCounts } from './listing-counts.js';
export { presentRace, signedPosterPath, type RaceWithOwner } from './presenter.js';
export { channelCondition, racesRepository, type RacesRepository } from './repository.js';
export { canManageRace } from './rules.js';
