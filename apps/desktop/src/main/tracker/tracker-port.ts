import { TRACKER_DEFAULT_PORT } from '@ridealong/contracts';

export const TRACKER_PORT_FLAG = '--tracker-port=';
export const TRACKER_PORT_ENV = 'RIDEALONG_TRACKER_PORT';

const parsePort = (raw: string | undefined): number | null => {
  const value = raw?.trim() ?? '';
  if (!/^\d{1,5}$/.test(value)) return null;
  const port = Number(value);
  return port >= 1 && port <= 65535 ? port : null;
};

/**
 * The in-process tracker's port: `--tracker-port=<n>`, else RIDEALONG_TRACKER_PORT, else the
 * contracts' TRACKER_DEFAULT_PORT (where the web looks without the app). A bad value is skipped
 * with a warning rather than leaving the rider without a tracker.
 */
export function resolveTrackerPort(
  sources: { argv: readonly string[]; env: Readonly<Record<string, string | undefined>> },
  warn: (message: string) => void = () => undefined,
): number {
  const flag = [...sources.argv].reverse().find((a) => a.startsWith(TRACKER_PORT_FLAG));
  const candidates: [string, string | undefined][] = [
    [TRACKER_PORT_FLAG.slice(0, -1), flag?.slice(TRACKER_PORT_FLAG.length)],
    [TRACKER_PORT_ENV, sources.env[TRACKER_PORT_ENV]],
  ];
  for (const [name, raw] of candidates) {
    if (raw === undefined || raw.trim() === '') continue;
    const port = parsePort(raw);
    if (port !== null) return port;
    warn(`Ignoring ${name} ${JSON.stringify(raw.slice(0, 20))}: not a port from 1 to 65535`);
  }
  return TRACKER_DEFAULT_PORT;
}
