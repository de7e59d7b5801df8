import { BrowserWindow, type WebContents } from 'electron';
import type { DesktopEvents } from '@ridealong/contracts';
import type { AppWindow, WindowFactory, WindowKind, WindowOptions, WindowRules } from '../ports.js';
import { ORIGIN_ARG } from '../../preload/bridge-api.js';
import { secureWebPreferences } from '../security.js';

export interface ElectronWindowFactoryOptions {
  preloadPath: string;
  /** The app's origin, passed to the preload (it exposes the bridge only there). */
  origin: string;
  /** A main-frame load of the main window failed after it had loaded (offline page, retry). */
  onMainLoadFailed: () => void;
}

/** Navigation, redirects and new windows of one window asked of the rules; no webviews. */
function guard(contents: WebContents, rules: WindowRules): void {
  const refuse = (e: { url: string; preventDefault(): void }) => {
    if (!rules.allowNavigation(e.url)) e.preventDefault();
  };
  contents.on('will-navigate', refuse);
  contents.on('will-redirect', refuse);
  contents.on('will-frame-navigate', (e) => {
    if (e.isMainFrame) refuse(e);
  });
  contents.setWindowOpenHandler(({ url }) => {
    rules.onWindowOpen(url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (e) => e.preventDefault());
}

/** AppWindow over a BrowserWindow with the checklist's webPreferences. */
export function createElectronWindowFactory(options: ElectronWindowFactoryOptions): WindowFactory {
  return {
    create(kind: WindowKind, windowOptions: WindowOptions, rules: WindowRules): AppWindow {
      const parent = windowOptions.parent
        ? (BrowserWindow.fromId(windowOptions.parent.id) ?? undefined)
        : undefined;
      const win = new BrowserWindow({
        title: windowOptions.title,
        width: windowOptions.width,
        height: windowOptions.height,
        ...(parent ? { parent } : {}),
        backgroundColor: '#1a1b1e',
        autoHideMenuBar: true,
        webPreferences: {
          ...secureWebPreferences(options.preloadPath),
          additionalArguments: [`${ORIGIN_ARG}${options.origin}`],
        },
      });
      const contents = win.webContents;
      const id = contents.id;
      guard(contents, rules);
      if (kind === 'main') {
        contents.on('did-fail-load', (_e, code, _desc, _url, isMainFrame) => {
          // -3: aborted (a refused or replaced navigation), not a failure to reach the server.
          if (isMainFrame && code !== -3) options.onMainLoadFailed();
        });
        contents.on('render-process-gone', () => options.onMainLoadFailed());
      }
      const alive = () => !win.isDestroyed();
      return {
        kind,
        id,
        load: (url) => win.loadURL(url),
        loadHtml: (html) => win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`),
        currentUrl: () => (alive() ? contents.getURL() : ''),
        send<K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]) {
          if (alive()) contents.send(channel, payload);
        },
        show: () => alive() && win.show(),
        focus: () => alive() && win.focus(),
        isVisible: () => alive() && win.isVisible(),
        isDestroyed: () => win.isDestroyed(),
        setFullScreen: (on) => alive() && win.setFullScreen(on),
        isFullScreen: () => alive() && win.isFullScreen(),
        async clearBrowserData() {
          if (!alive()) return;
          await contents.session.clearCache();
          await contents.session.clearStorageData();
        },
        close: () => alive() && win.close(),
        onClosed: (listener) => win.on('closed', listener),
      };
    },
  };
}
