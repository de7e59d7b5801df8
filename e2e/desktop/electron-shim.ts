import { EVENT_HOOK, IPC_BINDING } from './shim-names.js';

/**
 * What the real preload (apps/desktop/src/preload/index.ts) imports from 'electron', standing on
 * the harness: bundled in place of 'electron' (preload-bundle.ts) and run in the page before its
 * scripts, in the top frame only, as Electron runs a preload. ipcRenderer.send calls the
 * Playwright binding (the real main process's IpcPort); the harness's AppWindow.send calls the
 * hidden event hook, which hands the payload to the listeners as Electron does: (event, payload).
 */

type Listener = (event: IpcRendererEvent, ...args: unknown[]) => void;
type IpcBinding = (channel: string, payload: unknown) => Promise<unknown>;

interface IpcRendererEvent {
  sender: typeof ipcRenderer;
  senderId: number;
  ports: readonly unknown[];
}

const pageWindow = window as unknown as Record<string, unknown>;
// Taken now: a page script that later replaces the global does not change where IPC goes.
const binding = pageWindow[IPC_BINDING] as IpcBinding | undefined;
const listeners = new Map<string, Listener[]>();

function removeListener(channel: string, listener: Listener) {
  const list = listeners.get(channel) ?? [];
  const at = list.indexOf(listener);
  if (at >= 0) list.splice(at, 1);
  return ipcRenderer;
}

export const ipcRenderer = {
  send(channel: string, ...args: unknown[]): void {
    const call = binding ?? (pageWindow[IPC_BINDING] as IpcBinding | undefined);
    // Fire and forget, as Electron's send: a refused message answers nothing.
    void call?.(String(channel), args[0]).catch(() => undefined);
  },
  on(channel: string, listener: Listener) {
    listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    return ipcRenderer;
  },
  once(channel: string, listener: Listener) {
    const wrapped: Listener = (event, ...args) => {
      removeListener(channel, wrapped);
      listener(event, ...args);
    };
    return ipcRenderer.on(channel, wrapped);
  },
  removeListener,
  off: removeListener,
  removeAllListeners(channel?: string) {
    if (channel === undefined) listeners.clear();
    else listeners.delete(channel);
    return ipcRenderer;
  },
  invoke(channel: string): Promise<never> {
    return Promise.reject(new Error(`ipcRenderer.invoke(${channel}) is not part of the harness`));
  },
};

/** Electron copies and freezes what it exposes; functions stay callable, nothing else leaks. */
function exposed(value: unknown): unknown {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return Object.freeze((...args: unknown[]) => fn(...args));
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Object.freeze(value.map(exposed));
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) copy[key] = exposed(inner);
  return Object.freeze(copy);
}

export const contextBridge = {
  exposeInMainWorld(name: string, api: unknown): void {
    Object.defineProperty(window, name, {
      value: exposed(api),
      writable: false,
      configurable: false,
      enumerable: true,
    });
  },
};

// The main process's AppWindow.send (a page.evaluate) lands here; hidden from enumeration.
Object.defineProperty(window, EVENT_HOOK, {
  value: (channel: string, payload: unknown) => {
    const event: IpcRendererEvent = { sender: ipcRenderer, senderId: 0, ports: [] };
    for (const listener of [...(listeners.get(channel) ?? [])]) {
      try {
        listener(event, payload);
      } catch (err) {
        // A listener's error must not stop the others (Electron reports it to the console).
        console.error(err);
      }
    }
  },
  writable: false,
  configurable: false,
  enumerable: false,
});
