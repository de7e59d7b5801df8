import type { AppWindow, WindowFactory, WindowKind, WindowOptions, WindowRules } from './ports.js';

/** Each kind's window; tool windows stay above the main one. */
export const WINDOW_OPTIONS: Record<WindowKind, WindowOptions> = {
  main: { title: 'RideAlong', width: 1280, height: 800 },
  tracker: { title: 'RideAlong: Connect Device', width: 520, height: 760 },
  uploader: { title: 'RideAlong: Upload Videos', width: 960, height: 760 },
};

const TOOL_KINDS: readonly WindowKind[] = ['tracker', 'uploader'];

export interface OpenedWindow {
  window: AppWindow;
  /** True when the window was made now (the caller then loads its page). */
  created: boolean;
}

export interface WindowRegistry {
  /** The window of `kind` shown and focused, made when there is none (at most one each). */
  open(kind: WindowKind): OpenedWindow;
  /** The open window of `kind`, if any. */
  get(kind: WindowKind): AppWindow | undefined;
  main(): AppWindow | undefined;
  /** The window a message came from (IpcSender.webContentsId); undefined for any other. */
  byWebContentsId(id: number): AppWindow | undefined;
  /** A tracker or uploader window is on screen (the idle timer then waits). */
  isToolWindowVisible(): boolean;
  all(): AppWindow[];
  closeAll(): void;
}

export function createWindowRegistry(factory: WindowFactory, rules: WindowRules): WindowRegistry {
  const open = new Map<WindowKind, AppWindow>();
  const alive = (w: AppWindow | undefined) => (w && !w.isDestroyed() ? w : undefined);
  const get = (kind: WindowKind) => alive(open.get(kind));

  return {
    open(kind) {
      const existing = get(kind);
      if (existing) {
        existing.show();
        existing.focus();
        return { window: existing, created: false };
      }
      const parent = kind === 'main' ? undefined : get('main');
      const options = { ...WINDOW_OPTIONS[kind], ...(parent ? { parent } : {}) };
      const window = factory.create(kind, options, rules);
      open.set(kind, window);
      window.onClosed(() => {
        if (open.get(kind) === window) open.delete(kind);
      });
      return { window, created: true };
    },
    get,
    main: () => get('main'),
    byWebContentsId(id) {
      for (const w of open.values()) if (w.id === id && !w.isDestroyed()) return w;
      return undefined;
    },
    isToolWindowVisible: () => TOOL_KINDS.some((k) => get(k)?.isVisible() ?? false),
    all: () => [...open.values()].filter((w) => !w.isDestroyed()),
    closeAll() {
      // Tool windows first: they are children of the main one.
      for (const kind of [...TOOL_KINDS, 'main'] as const) get(kind)?.close();
      open.clear();
    },
  };
}
