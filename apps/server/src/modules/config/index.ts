/** The config module's public face: what app.ts and the modules above it may use. */
export { configModule } from './module.js';
