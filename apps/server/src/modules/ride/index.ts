/** The ride module's public face: what app.ts and the modules above it may use. */
export { rideModule } from './module.js';
export { zodMessage } from './errors.js';
export { FLOOD_MESSAGE, floodGate, type EventLimit, type FloodGate } from './flood-gate.js';
