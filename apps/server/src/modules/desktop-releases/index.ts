/** The desktop-releases module's public face: what app.ts and the modules above it may use. */
export { desktopReleasesModule } from './module.js';
