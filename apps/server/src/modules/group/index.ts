/** The group module's public face: what app.ts and the modules above it may use. */
export { groupModule } from './module.js';
export { hostLeavingCancels } from './host-rule.js';
export { type LiveStore } from './live-store.js';
export { enterEvent, lockMember } from './rider-rows.js';
export { completeEvent } from './transitions.js';
