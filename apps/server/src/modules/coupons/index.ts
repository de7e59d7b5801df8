/** The coupons module's public face: what app.ts and the modules above it may use. */
export { couponsModule } from './module.js';
