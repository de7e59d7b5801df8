/** The race-route module's public face: what app.ts and the modules above it may use. */
export { raceRouteModule } from './module.js';
export { saveRouteSummary } from './repository.js';
export { routeSummary } from './summary.js';
