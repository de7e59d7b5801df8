import { contextBridge, ipcRenderer } from 'electron';
import { bridgeAllowed, createBridgeApi, forwardUserActivity } from './bridge-api.js';

/**
 * The preload of every app window (sandboxed: no Node, only Electron's renderer modules).
 * The page gets `window.desktopBridge`, never ipcRenderer; the main process checks every
 * message's sender again (origin, main frame, window).
 */
declare const __DESKTOP_VERSION__: string;

const allowed = bridgeAllowed({
  isTop: window.top === window,
  protocol: window.location.protocol,
  origin: window.location.origin,
  // The sandbox's process has argv (the adapter's additionalArguments); the harness has none.
  argv: (globalThis as { process?: { argv?: unknown } }).process?.argv,
});

if (allowed) {
  const warn = (message: string) => console.warn(message);
  // Set by the build (apps/desktop/package.json's version).
  const version = typeof __DESKTOP_VERSION__ === 'string' ? __DESKTOP_VERSION__ : '0.0.0-dev';
  contextBridge.exposeInMainWorld('desktopBridge', createBridgeApi(ipcRenderer, version, warn));
  forwardUserActivity(window, ipcRenderer, () => performance.now());
}
