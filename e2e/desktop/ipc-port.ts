import type { IpcPort, IpcSender } from '../../apps/desktop/src/main/ports.js';
import type { HarnessSession } from './session.js';
import { IPC_BINDING } from './shim-names.js';

type Listener = (sender: IpcSender, payload: unknown) => void;

/** One message as it reached the main process (what the router was then asked to check). */
export interface ReceivedMessage {
  channel: string;
  sender: IpcSender;
  payload: unknown;
}

export interface HarnessIpc extends IpcPort {
  /** Every message any page of the session sent, refused ones included. */
  readonly received: readonly ReceivedMessage[];
}

/**
 * Electron's ipcMain over a Playwright binding exposed to every page and frame of the app's
 * context: the shim's ipcRenderer.send calls it, and so can any page or iframe that tries. The
 * sender is what Playwright says called it (its page's web contents id, its frame's URL, whether
 * that frame is the main one), so the real router checks real origins.
 */
export async function createIpcPort(session: HarnessSession): Promise<HarnessIpc> {
  const listeners = new Map<string, Listener[]>();
  const received: ReceivedMessage[] = [];
  await session.context.exposeBinding(IPC_BINDING, (source, channel: unknown, payload: unknown) => {
    if (typeof channel !== 'string') return;
    const sender: IpcSender = {
      webContentsId: session.idOf(source.page),
      frameUrl: source.frame.url(),
      isMainFrame: source.frame === source.page.mainFrame(),
    };
    received.push({ channel, sender, payload });
    for (const listener of listeners.get(channel) ?? []) listener(sender, payload);
  });
  return {
    received,
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
  };
}
