import { systemClock, type Clock } from './clock.js';
import { AntSource } from './devices/ant-source.js';
import { BleSource } from './devices/ble-source.js';
import { SIMULATOR_DEVICE_ID, SimulatorSource } from './devices/simulator-source.js';
import type { DeviceSource } from './devices/source.js';
import { consoleLogger, type Logger } from './log.js';
import { createTrackerServer, type TrackerServer } from './server.js';
import { openRememberedDevices } from './store/remembered-devices.js';

/**
 * The simulated trainer: 'off' not offered (the desktop app's setting turned off), 'offered'
 * listed for the rider to connect (the command without --simulate), 'connected' connected at
 * start (--simulate, or the app's setting on), never remembered for that.
 */
export type SimulatorMode = 'off' | 'offered' | 'connected';

export interface StartTrackerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1: the tracker is for this computer only. */
  host?: string;
  /** Web origins whose pages may connect (bare origins: scheme, host, port). */
  allowedOrigins: readonly string[];
  /** The remembered-devices JSON file (made when missing). */
  dataFile: string;
  simulator: SimulatorMode;
  log?: Logger;
  clock?: Clock;
  /**
   * The trainer and sensor sources besides the simulator. Default ANT+ and Bluetooth, whose
   * native modules load lazily and are optional (missing ones report 'no_adapter').
   */
  hardware?: (context: { clock: Clock; log: Logger }) => DeviceSource[];
}

export interface RunningTracker {
  readonly port: number;
  /** http://127.0.0.1:<port>: where the apps connect. */
  readonly url: string;
  simulator(): SimulatorMode;
  /** Applies a new simulator mode in place: other devices stay connected, clients stay on. */
  setSimulator(mode: SimulatorMode): Promise<void>;
  /** Disconnects every device and client and frees the port; safe to call twice. */
  close(): Promise<void>;
}

/** The port is taken (most likely by another tracker); nothing was left running. */
export class TrackerPortInUseError extends Error {
  override name = 'TrackerPortInUseError';
  readonly code = 'EADDRINUSE';
  constructor(
    readonly host: string,
    readonly port: number,
  ) {
    super(`Port ${port} on ${host} is already in use: is another tracker running?`);
  }
}

const defaultHardware = ({ clock, log }: { clock: Clock; log: Logger }): DeviceSource[] => [
  new AntSource({ clock, log }),
  new BleSource({ clock, log }),
];

const autoConnect = (mode: SimulatorMode): string[] =>
  mode === 'connected' ? [SIMULATOR_DEVICE_ID] : [];

/**
 * Starts the tracker: the command (src/main.ts) and the desktop app's main process both use
 * this. Resolves once /health answers; rejects with TrackerPortInUseError when the port is taken.
 */
export async function startTracker(options: StartTrackerOptions): Promise<RunningTracker> {
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? systemClock;
  const log = options.log ?? consoleLogger;
  const store = await openRememberedDevices(options.dataFile, log);
  let mode = options.simulator;
  const simulator = new SimulatorSource({ clock });
  const hardware = (options.hardware ?? defaultHardware)({ clock, log });
  let server: TrackerServer;
  try {
    server = await createTrackerServer({
      port: options.port,
      host,
      allowedOrigins: options.allowedOrigins,
      sources: mode === 'off' ? hardware : [simulator, ...hardware],
      store,
      clock,
      log,
      autoConnect: autoConnect(mode),
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new TrackerPortInUseError(host, options.port);
    }
    throw e;
  }
  const { tracker } = server;
  let closed = false;
  // One change at a time: a quick off-on-off ends in 'off', whatever the timing.
  let changing = Promise.resolve();
  const apply = async (next: SimulatorMode): Promise<void> => {
    if (closed || next === mode) return;
    const previous = mode;
    mode = next;
    if (next === 'off') await tracker.removeSource('simulator');
    else if (previous === 'off' || next === 'connected') {
      await tracker.addSource(simulator, autoConnect(next));
    }
    log.info(`Simulator: ${next}.`);
  };
  return {
    port: server.port,
    url: server.url,
    simulator: () => mode,
    setSimulator(next) {
      const run = changing.then(() => apply(next));
      changing = run.catch(() => undefined);
      return run;
    },
    close() {
      closed = true;
      return server.close();
    },
  };
}
