/** The gradients module's public face: what app.ts may use. */
export { gradientsModule } from './module.js';
