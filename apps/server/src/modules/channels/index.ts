/** The channels module's public face: what app.ts and the modules above it may use. */
export { channelsModule } from './module.js';
