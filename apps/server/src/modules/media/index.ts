/** The media module's public face: what app.ts and the modules above it may use. */
export { mediaModule } from './module.js';
export { mediaAccess, requiredPlan } from './access.js';
export { parseRange } from './range.js';
