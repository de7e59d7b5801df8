/** The uploads module's public face. */
export { uploadsModule } from './module.js';
export { newRaceUrl } from './repository.js';
