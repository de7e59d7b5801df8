import type { DesktopEvents } from '@ridealong/contracts';
import type {
  AppWindow,
  Clock,
  IpcPort,
  IpcSender,
  Logger,
  WindowFactory,
  WindowKind,
  WindowOptions,
  WindowRules,
} from '../src/main/ports.js';

/** Test doubles of the ports (unit tests only; the e2e harness has the real-browser ones). */
export interface FakeWindow extends AppWindow {
  loads: string[];
  html: string[];
  sent: { channel: string; payload: unknown }[];
  options: WindowOptions;
  rules: WindowRules;
  cleared: number;
  visible: boolean;
  failLoads: boolean;
  triggerClosed(): void;
}

let nextId = 1;

export function fakeWindow(
  kind: WindowKind,
  options: WindowOptions,
  rules: WindowRules,
): FakeWindow {
  const closed: (() => void)[] = [];
  let destroyed = false;
  let url = '';
  let full = false;
  const w: FakeWindow = {
    kind,
    id: nextId++,
    loads: [],
    html: [],
    sent: [],
    options,
    rules,
    cleared: 0,
    visible: true,
    failLoads: false,
    async load(u) {
      w.loads.push(u);
      if (w.failLoads) throw new Error('ERR_CONNECTION_REFUSED');
      url = u;
    },
    async loadHtml(h) {
      w.html.push(h);
      url = 'data:text/html,';
    },
    currentUrl: () => url,
    send<K extends keyof DesktopEvents>(channel: K, payload: DesktopEvents[K]) {
      w.sent.push({ channel, payload });
    },
    show: () => {
      w.visible = true;
    },
    focus: () => undefined,
    isVisible: () => w.visible && !destroyed,
    isDestroyed: () => destroyed,
    setFullScreen: (on) => {
      full = on;
    },
    isFullScreen: () => full,
    async clearBrowserData() {
      w.cleared += 1;
    },
    close: () => w.triggerClosed(),
    onClosed: (l) => {
      closed.push(l);
    },
    triggerClosed() {
      if (destroyed) return;
      destroyed = true;
      for (const l of closed) l();
    },
  };
  return w;
}

export function fakeFactory(): WindowFactory & { made: FakeWindow[]; failLoads: boolean } {
  const f = {
    made: [] as FakeWindow[],
    failLoads: false,
    create(kind: WindowKind, options: WindowOptions, rules: WindowRules) {
      const w = fakeWindow(kind, options, rules);
      w.failLoads = f.failLoads;
      f.made.push(w);
      return w;
    },
  };
  return f;
}

export function fakeLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

/** A clock whose timers run when the test advances it. */
export function fakeClock(): Clock & { advance(ms: number): void; pending(): number[] } {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void; every: number | null }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      const id = seq++;
      timers.set(id, { at: now + ms, fn, every: null });
      return () => timers.delete(id);
    },
    setInterval(fn, ms) {
      const id = seq++;
      timers.set(id, { at: now + ms, fn, every: ms });
      return () => timers.delete(id);
    },
    pending: () => [...timers.values()].map((t) => t.at - now),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, t] = due;
        now = t.at;
        if (t.every) t.at += t.every;
        else timers.delete(id);
        t.fn();
      }
      now = end;
    },
  };
}

export function fakeIpc(): IpcPort & {
  emit(channel: string, sender: IpcSender, payload: unknown): void;
  channels(): string[];
} {
  const listeners = new Map<string, ((s: IpcSender, p: unknown) => void)[]>();
  return {
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    emit(channel, sender, payload) {
      for (const l of listeners.get(channel) ?? []) l(sender, payload);
    },
    channels: () => [...listeners.keys()],
  };
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise((r) => setTimeout(r, 0));
