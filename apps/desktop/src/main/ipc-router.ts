import {
  DESKTOP_INTERNAL_CHANNELS,
  desktopMessageSchemas,
  type DesktopMessageName,
} from '@ridealong/contracts';
import type {
  AppWindow,
  IpcPort,
  IpcSender,
  Logger,
  MessageHandler,
  MessageHandlers,
} from './ports.js';
import { isSameOrigin } from './origin.js';
import { forLog } from './window-rules.js';

export type SenderVerdict = { ok: true; window: AppWindow } | { ok: false; reason: string };

/**
 * Whether a message may be acted on: from the main frame of a window the app opened, showing
 * a page of the app's origin (another origin, an iframe or a foreign window gets nothing).
 */
export function checkSender(
  sender: IpcSender,
  lookup: (webContentsId: number) => AppWindow | undefined,
  origin: string,
): SenderVerdict {
  const window = lookup(sender.webContentsId);
  if (!window) return { ok: false, reason: 'not a window of the app' };
  if (!sender.isMainFrame) return { ok: false, reason: 'not the main frame' };
  if (!isSameOrigin(sender.frameUrl, origin)) {
    return { ok: false, reason: `frame ${forLog(sender.frameUrl)} is not the app's origin` };
  }
  return { ok: true, window };
}

const isMessageName = (channel: string): channel is DesktopMessageName =>
  Object.prototype.hasOwnProperty.call(desktopMessageSchemas, channel);

export interface IpcRouterDeps {
  ipc: IpcPort;
  lookup: (webContentsId: number) => AppWindow | undefined;
  origin: string;
  handlers: MessageHandlers;
  /** The preload's user input (DESKTOP_INTERNAL_CHANNELS.userActivity), sender checked. */
  onUserActivity: (window: AppWindow) => void;
  log: Logger;
}

export interface IpcRouter {
  /** Checks and routes one message (what each IpcPort listener calls). */
  dispatch(channel: string, sender: IpcSender, payload: unknown): Promise<void>;
  /** The channels listened on. */
  readonly channels: readonly string[];
}

/**
 * Listens on every channel of desktopMessageSchemas and the internal user-activity channel.
 * A refused message is logged and dropped; a handler's error is logged and never escapes
 * (the main process must not crash on what a page sends).
 */
export function createIpcRouter(deps: IpcRouterDeps): IpcRouter {
  const { log } = deps;

  async function dispatch(channel: string, sender: IpcSender, payload: unknown): Promise<void> {
    try {
      const known = isMessageName(channel) || channel === DESKTOP_INTERNAL_CHANNELS.userActivity;
      if (!known) {
        log.warn(`IPC refused: unknown channel ${forLog(channel)}`);
        return;
      }
      const verdict = checkSender(sender, deps.lookup, deps.origin);
      if (!verdict.ok) {
        log.warn(`IPC refused on ${channel}: ${verdict.reason}`);
        return;
      }
      if (!isMessageName(channel)) {
        deps.onUserActivity(verdict.window);
        return;
      }
      const parsed = desktopMessageSchemas[channel].safeParse(payload);
      if (!parsed.success) {
        log.warn(`IPC refused on ${channel}: invalid payload`);
        return;
      }
      // The schema and the handler belong to the same channel (MessageHandlers is keyed by it).
      const handler = deps.handlers[channel] as MessageHandler<DesktopMessageName>;
      await handler(parsed.data as never, { window: verdict.window, sender });
    } catch (err) {
      log.error(
        `IPC handler for ${forLog(channel)} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  const channels = [...Object.keys(desktopMessageSchemas), DESKTOP_INTERNAL_CHANNELS.userActivity];
  for (const channel of channels) {
    deps.ipc.on(channel, (sender, payload) => {
      void dispatch(channel, sender, payload);
    });
  }
  return { dispatch, channels };
}
