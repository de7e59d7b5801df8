/** The ads module's public face: what app.ts and the modules above it may use. */
export { adsModule } from './module.js';
