/**
 * The tracker as a library: the desktop app's main process starts it in-process
 * (`startTracker`); the `tracker` command (src/main.ts) is a thin CLI over the same call.
 */
export {
  startTracker,
  TrackerPortInUseError,
  type RunningTracker,
  type SimulatorMode,
  type StartTrackerOptions,
} from './start.js';
export { SIMULATOR_DEVICE_ID } from './devices/simulator-source.js';
export type { DeviceSource } from './devices/source.js';
export type { Clock } from './clock.js';
export type { Logger } from './log.js';
export { TRACKER_VERSION } from './version.js';
