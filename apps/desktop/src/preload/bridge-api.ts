import {
  DESKTOP_INTERNAL_CHANNELS,
  desktopMessageSchemas,
  type DesktopBridge,
  type DesktopEventName,
  type DesktopEvents,
  type DesktopMessageName,
  type DesktopMessages,
} from '@ridealong/contracts';

/** 'checkout-session-opened' -> 'checkoutSessionOpened'. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type MessageFunctions = {
  [K in DesktopMessageName as CamelCase<K>]: (payload: DesktopMessages[K]) => void;
};

/** What `window.desktopBridge` holds: one function per message, send, on and version. */
export type DesktopBridgeApi = MessageFunctions & Required<DesktopBridge>;

/** The events a page may listen to (a typed list: a new DesktopEvents name must be added). */
const EVENTS: Record<DesktopEventName, true> = {
  'checkout-session-status-changed': true,
  'client-portal-closed': true,
  'upload-gpx-finished': true,
  'upload-error': true,
  'electron-audio-processing-complete': true,
  'gpx-file-picked': true,
  'strava-callback-ready': true,
  'strava-callback-received': true,
  'strava-callback-failed': true,
  'desktop-signin-received': true,
  'desktop-signin-failed': true,
  'demo-mode-changed': true,
  'desktop-info': true,
  'uploader-files-picked': true,
  'uploader-progress': true,
  'uploader-finished': true,
  'uploader-error': true,
};

export const camelCase = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

const has = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** The slice of ipcRenderer the bridge uses (never handed to the page). */
export interface RendererIpc {
  send(channel: string, payload?: unknown): void;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

/**
 * The bridge as plain functions over `ipc`: every payload checked with its schema before it
 * is sent on its fixed channel; a listener gets the payload only (never Electron's event).
 */
export function createBridgeApi(
  ipc: RendererIpc,
  version: string,
  warn: (message: string) => void,
): DesktopBridgeApi {
  const byChannel = new Map<string, (payload: unknown) => void>();
  const functions: Record<string, (payload: unknown) => void> = {};
  for (const channel of Object.keys(desktopMessageSchemas) as DesktopMessageName[]) {
    const schema = desktopMessageSchemas[channel];
    const fn = (payload: unknown) => {
      const parsed = schema.safeParse(payload ?? {});
      if (!parsed.success) {
        warn(`desktopBridge: invalid payload for '${channel}', not sent`);
        return;
      }
      ipc.send(channel, parsed.data);
    };
    byChannel.set(channel, fn);
    functions[camelCase(channel)] = fn;
  }

  const send = (channel: string, payload: unknown) => {
    const fn = typeof channel === 'string' ? byChannel.get(channel) : undefined;
    if (!fn) {
      warn(
        `desktopBridge: unknown channel ${JSON.stringify(String(channel).slice(0, 100))} ignored`,
      );
      return;
    }
    fn(payload);
  };

  const on = (channel: string, listener: (payload: unknown) => void): (() => void) => {
    if (typeof channel !== 'string' || !has(EVENTS, channel) || typeof listener !== 'function') {
      warn(`desktopBridge: cannot listen to ${JSON.stringify(String(channel).slice(0, 100))}`);
      return () => undefined;
    }
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(channel, wrapped);
    return () => {
      ipc.removeListener(channel, wrapped);
    };
  };

  return {
    ...(functions as MessageFunctions),
    send: send as DesktopBridge['send'],
    on: on as <K extends DesktopEventName>(
      channel: K,
      listener: (payload: DesktopEvents[K]) => void,
    ) => () => void,
    version,
  };
}

export const ORIGIN_ARG = '--ridealong-origin=';

/**
 * Whether a document gets the bridge: the top frame of an http(s) page, of the app's origin
 * when the adapter passed it (`--ridealong-origin=` in the sandbox's process.argv). The main
 * process checks every message's sender again; this keeps the bridge off other pages.
 */
export function bridgeAllowed(doc: {
  isTop: boolean;
  protocol: string;
  origin: string;
  argv: unknown;
}): boolean {
  if (!doc.isTop) return false;
  if (doc.protocol !== 'http:' && doc.protocol !== 'https:') return false;
  const arg = Array.isArray(doc.argv)
    ? doc.argv.find((a): a is string => typeof a === 'string' && a.startsWith(ORIGIN_ARG))
    : undefined;
  return arg === undefined || arg.slice(ORIGIN_ARG.length) === doc.origin;
}

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'pointerdown',
] as const;
export const ACTIVITY_THROTTLE_MS = 100;

/**
 * User input for the idle timer: capture-phase passive listeners, at most one message per
 * 100 ms (the first input of a burst is sent at once).
 */
export function forwardUserActivity(
  target: Pick<EventTarget, 'addEventListener'>,
  ipc: Pick<RendererIpc, 'send'>,
  now: () => number,
): void {
  let last = -Infinity;
  const onInput = () => {
    const t = now();
    if (t - last < ACTIVITY_THROTTLE_MS) return;
    last = t;
    ipc.send(DESKTOP_INTERNAL_CHANNELS.userActivity);
  };
  for (const type of ACTIVITY_EVENTS) {
    target.addEventListener(type, onInput, { capture: true, passive: true });
  }
}
