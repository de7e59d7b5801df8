/** The health module's public face: what app.ts and the modules above it may use. */
export { healthModule } from './module.js';
