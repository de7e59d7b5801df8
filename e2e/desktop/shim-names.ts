/**
 * The names the harness's Electron stand-in uses in a page: the Playwright binding the shim's
 * ipcRenderer.send calls (exposed to every page of the app's context, as a renderer could
 * always try IPC), and the hidden hook through which the main process's AppWindow.send reaches
 * the shim's ipcRenderer.on listeners.
 */
export const IPC_BINDING = '__ridealongHarnessIpc';
export const EVENT_HOOK = '__ridealongHarnessEvent';
