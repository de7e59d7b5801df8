// Codec plumbing
export * from './codec/result.js';
export { type ByteInput } from './codec/bytes.js';
export * from './codec/rollover.js';

// Bluetooth GATT payloads
export * from './ble/indoor-bike-data.js';
export * from './ble/control-point.js';
export * from './ble/machine-feature.js';
export * from './ble/cycling-power.js';
export * from './ble/speed-cadence.js';
export * from './ble/heart-rate.js';
export * from './ble/revolutions.js';

// ANT+ data pages
export { ANT_PAGE_LENGTH } from './ant/page.js';
export { type FeState, type FeStatus } from './ant/fe-state.js';
export * from './ant/fec-pages.js';
export * from './ant/fec-commands.js';
export * from './ant/heart-rate.js';
export * from './ant/bicycle-power.js';
export * from './ant/accumulated-power.js';

// Physics
export * from './physics/params.js';
export * from './physics/forces.js';
export * from './physics/power.js';
export * from './physics/solve.js';
export * from './physics/step.js';

// Slope shaping
export * from './slope/shape-grade.js';

// Reactive rides
export * from './reactive/route-timeline.js';
export * from './reactive/virtual-rider.js';
export * from './reactive/rate-controller.js';
export * from './reactive/ghost-placement.js';
export * from './reactive/difficulty-rule.js';

// Simulator
export { Prng } from './simulator/prng.js';
export { type PowerProfile } from './simulator/power-profile.js';
export { targetHeartRate, type HeartRateModelOptions } from './simulator/rider-model.js';
export * from './simulator/simulated-trainer.js';
