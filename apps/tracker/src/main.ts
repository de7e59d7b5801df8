import { homedir } from 'node:os';
import { CliError, HELP, parseCli, type TrackerConfig } from './config/cli.js';
import { consoleLogger as log, errorMessage } from './log.js';
import { startTracker, TrackerPortInUseError, type RunningTracker } from './start.js';
import { TRACKER_VERSION } from './version.js';

const HOST = '127.0.0.1';
/** A device stack that hangs on close must not keep the process alive forever. */
const FORCE_EXIT_MS = 5000;

function readConfig(): TrackerConfig | null {
  try {
    const result = parseCli(process.argv.slice(2), process.env, homedir());
    if (result.kind === 'help') console.log(HELP);
    if (result.kind === 'version') console.log(TRACKER_VERSION);
    return result.kind === 'run' ? result.config : null;
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    console.error(e.message);
    process.exit(2);
  }
}

async function start(config: TrackerConfig): Promise<RunningTracker> {
  try {
    return await startTracker({
      port: config.port,
      host: HOST,
      allowedOrigins: config.allowedOrigins,
      dataFile: config.dataFile,
      // The command always lists the simulator; --simulate also connects it.
      simulator: config.simulate ? 'connected' : 'offered',
      log,
    });
  } catch (e) {
    if (e instanceof TrackerPortInUseError) {
      log.error(`${e.message} Stop it, or start this one with --port <n> (or TRACKER_PORT).`);
      process.exit(1);
    }
    throw e;
  }
}

/** Stops on SIGINT/SIGTERM, also when the signal comes while the tracker is still starting. */
function stopOnSignals(): (server: RunningTracker) => void {
  let server: RunningTracker | null = null;
  let signal: string | null = null;
  const stop = () => {
    if (!server || !signal) return;
    log.info(`${signal}: stopping the tracker…`);
    setTimeout(() => {
      log.warn('Devices did not close in time; exiting anyway.');
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    server.close().then(
      () => {
        log.info('Tracker stopped.');
        // Native Bluetooth/USB bindings can hold the event loop open after closing.
        process.exit(0);
      },
      (e: unknown) => {
        log.error(`Stopping failed: ${errorMessage(e)}`);
        process.exit(1);
      },
    );
  };
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.on(name, () => {
      if (signal) return;
      signal = name;
      stop();
    });
  }
  return (started) => {
    server = started;
    stop();
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  if (!config) return;
  const started = stopOnSignals();
  const server = await start(config);
  log.info(`RideAlong tracker ${TRACKER_VERSION} listening on ${server.url}`);
  log.info(`Allowed origins: ${config.allowedOrigins.join(', ')}`);
  log.info(`Remembered devices: ${config.dataFile}`);
  if (config.simulate) log.info('Simulator connected (--simulate).');
  started(server);
}

main().catch((e: unknown) => {
  log.error(`The tracker could not start: ${errorMessage(e)}`);
  process.exit(1);
});
