/** The events module's public face: what app.ts and the modules above it may use. */
export { eventsModule } from './module.js';
