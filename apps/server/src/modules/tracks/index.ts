/** The tracks module's public face: what app.ts and the modules above it may use. */
export { tracksModule } from './module.js';
export { rideFitFile } from './fit-export.js';
export { type PointValues } from './gap-fill.js';
export {
  historyCache,
  type HistoryCache,
  type HistoryCacheOptions,
  type HistoryView,
} from './history-cache.js';
export { historyRepository } from './history-repository.js';
export {
  READ_LIMITS,
  SINCE_LIMIT,
  historyStandingsReader,
  type HistoryStandingsReader,
  type StandingsRead,
} from './history-standings-read.js';
export { deleteTrack, saveTrack, type TrackEvents } from './lifecycle.js';
export { pointsRepository } from './points-repository.js';
export { presentTrack, type StravaWeb } from './presenter.js';
export { tracksRepository, type TrackWithRace } from './repository.js';
export { RIDE_BOUNDS, batchProblem, lastAllowedSecond } from './ride-bounds.js';
export { better, type Ranked } from './standings.js';
