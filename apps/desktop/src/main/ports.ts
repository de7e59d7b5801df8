import type { DesktopEvents, DesktopMessages } from '@ridealong/contracts';

/**
 * Electron's API behind small interfaces. Everything in src/main except src/main/electron/
 * depends on these only: the real app wires them to Electron (src/main/electron/), the test
 * harness (e2e/desktop/) to pages of Debian's Chromium driven by Playwright, so the real
 * main-process code runs in both.
 */

export type WindowKind = 'main' | 'tracker' | 'uploader';

/** Who sent an IPC message: Electron's `event.sender` and `event.senderFrame`. */
export interface IpcSender {
  /** The sending web contents' id (AppWindow.id). */
  readonly webContentsId: number;
  /** The sending frame's URL at the time of the message. */
  readonly frameUrl: string;
  /** False for a message from an iframe. */
  readonly isMainFrame: boolean;
}

/** What a window's navigation and window.open may do (the adapter asks before each). */
export interface WindowRules {
  /** A top-level navigation (link, location change, redirect): true lets it happen. */
  allowNavigation(url: string): boolean;
  /** window.open or a target=_blank link: never a new app window; may open externally. */
  onWindowOpen(url: string): void;
}

export interface AppWindow {
  readonly kind: WindowKind;
  /** The web contents' id, as IpcSender.webContentsId. */
  readonly id: number;
  /** Loads a page of the server; rejects when it cannot be loaded (offline, 5xx page aside). */
  load(url: string): Promise<void>;
  /** Shows the app's own page (HTML built in the main process), never a white screen. */
  loadHtml(html: string): Promise<void>;
  currentUrl(): string;
  send<K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]): void;
  show(): void;
  focus(): void;
  isVisible(): boolean;
  isDestroyed(): boolean;
  setFullScreen(on: boolean): void;
  isFullScreen(): boolean;
  /** The window's session: HTTP cache, cookies, storage (logout). */
  clearBrowserData(): Promise<void>;
  close(): void;
  onClosed(listener: () => void): void;
}

export interface WindowOptions {
  title: string;
  width: number;
  height: number;
  /** Parent window (tool windows stay above the main one). */
  parent?: AppWindow;
}

export interface WindowFactory {
  create(kind: WindowKind, options: WindowOptions, rules: WindowRules): AppWindow;
}

export interface IpcPort {
  /** Messages from any renderer on one channel; the router checks who sent them. */
  on(channel: string, listener: (sender: IpcSender, payload: unknown) => void): void;
}

export interface FileFilter {
  name: string;
  extensions: string[];
}

export interface SystemPorts {
  /** The system browser (the app never opens other sites itself). */
  openExternal(url: string): Promise<void>;
  /** The app's own open dialog; the chosen absolute paths, [] when cancelled. */
  showOpenDialog(
    parent: AppWindow | null,
    options: { title: string; filters: FileFilter[]; multiple: boolean },
  ): Promise<string[]>;
  quit(): void;
}

export interface AppPaths {
  /** Settings, the tracker's remembered devices, upload state. */
  readonly userData: string;
  /** The app's own temporary folder (purge-temp empties it and nothing else). */
  readonly temp: string;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
}

/** Everything the app core needs from the outside world. */
export interface DesktopPorts {
  windows: WindowFactory;
  ipc: IpcPort;
  system: SystemPorts;
  paths: AppPaths;
  log: Logger;
  clock: Clock;
  /** HTTP to the server (the app's own calls: checkout status, portal returns, uploads). */
  fetch: typeof fetch;
}

/** Where a message came from, as the router hands it to a handler (sender already checked). */
export interface MessageContext {
  window: AppWindow;
  sender: IpcSender;
}

export type MessageHandler<K extends keyof DesktopMessages> = (
  payload: DesktopMessages[K],
  ctx: MessageContext,
) => void | Promise<void>;

/** One handler per message; a missing one is a compile error where they are assembled. */
export type MessageHandlers = { [K in keyof DesktopMessages]: MessageHandler<K> };
