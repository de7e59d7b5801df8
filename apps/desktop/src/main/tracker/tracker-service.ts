import type { RunningTracker, SimulatorMode, StartTrackerOptions } from '@ridealong/tracker';
import type { Logger } from '../ports.js';

export type TrackerStatus = 'stopped' | 'starting' | 'running' | 'port-in-use' | 'failed';

export interface TrackerState {
  status: TrackerStatus;
  /** Where the web connects: the app's tracker, or whatever else holds its port. */
  url: string;
  /** For the rider when it is not running; null otherwise. */
  message: string | null;
}

/** @ridealong/tracker's startTracker (tests pass a fake one). */
export type StartTracker = (options: StartTrackerOptions) => Promise<RunningTracker>;

export interface TrackerServiceDeps {
  start: StartTracker;
  port: number;
  /** The app's server origin: the only pages that may use the tracker. */
  allowedOrigin: string;
  /** The remembered-devices file, in the app's user data folder. */
  dataFile: string;
  /** The persisted simulator setting, read at each start. */
  simulator: () => boolean;
  log: Logger;
}

export interface TrackerService {
  /** Starts the tracker unless it runs (again after a failure: the port may be free now). */
  ensureStarted(): Promise<TrackerState>;
  /** Applies the simulator setting to a running tracker (it is read at start otherwise). */
  setSimulator(on: boolean): Promise<void>;
  state(): TrackerState;
  onChange(listener: (state: TrackerState) => void): () => void;
  stop(): Promise<void>;
}

export const HOST = '127.0.0.1';

export function portInUseMessage(port: number): string {
  return (
    `Another program on this computer uses port ${port}, most likely a RideAlong tracker ` +
    `started in a terminal. The app connects to that one, and the simulated trainer switch ` +
    `does not apply to it. Close it, then choose Connect Device again to use the app's own tracker.`
  );
}

const modeOf = (on: boolean): SimulatorMode => (on ? 'connected' : 'off');
const isPortInUse = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'EADDRINUSE';

/**
 * The tracker inside the app: started on demand (the first open-tracker, which the web sends
 * as the app opens), on 127.0.0.1, for the app's origin only. A taken port is a state the
 * rider is told about, never a crash.
 */
export function createTrackerService(deps: TrackerServiceDeps): TrackerService {
  const url = `http://${HOST}:${deps.port}`;
  const listeners = new Set<(state: TrackerState) => void>();
  let state: TrackerState = { status: 'stopped', url, message: null };
  let running: RunningTracker | null = null;
  let starting: Promise<TrackerState> | null = null;
  let stopped = false;

  const set = (next: TrackerState) => {
    state = next;
    for (const listener of listeners) listener(state);
  };

  async function start(): Promise<TrackerState> {
    set({ status: 'starting', url, message: null });
    try {
      const tracker = await deps.start({
        port: deps.port,
        host: HOST,
        allowedOrigins: [deps.allowedOrigin],
        dataFile: deps.dataFile,
        simulator: modeOf(deps.simulator()),
        log: deps.log,
      });
      if (stopped) {
        await tracker.close();
        return state;
      }
      running = tracker;
      // The setting may have changed while starting.
      await tracker.setSimulator(modeOf(deps.simulator()));
      deps.log.info(`Tracker listening on ${tracker.url}`);
      set({ status: 'running', url: tracker.url, message: null });
    } catch (e) {
      const inUse = isPortInUse(e);
      const message = inUse
        ? portInUseMessage(deps.port)
        : `The tracker could not start: ${e instanceof Error ? e.message : String(e)}`;
      deps.log.warn(inUse ? `Tracker port ${deps.port} is in use` : message);
      if (!stopped) set({ status: inUse ? 'port-in-use' : 'failed', url, message });
    }
    return state;
  }

  return {
    ensureStarted() {
      if (stopped || state.status === 'running') return Promise.resolve(state);
      starting ??= start().finally(() => {
        starting = null;
      });
      return starting;
    },
    async setSimulator(on) {
      if (!running) return;
      await running.setSimulator(modeOf(on));
      set({ ...state });
    },
    state: () => state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      await starting;
      const tracker = running;
      running = null;
      if (tracker) await tracker.close();
      state = { status: 'stopped', url, message: null };
    },
  };
}
