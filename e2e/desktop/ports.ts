import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import type { AppPaths, Clock, DesktopPorts, Logger } from '../../apps/desktop/src/main/ports.js';
import { createIpcPort, type HarnessIpc } from './ipc-port.js';
import { preloadScript } from './preload-bundle.js';
import { HarnessSession } from './session.js';
import { createSystemPorts, type HarnessSystem } from './system-port.js';
import { createWindowFactory, type HarnessWindows } from './window-factory.js';

export type LogLine = { level: 'info' | 'warn' | 'error'; message: string };

/** The main process's log, kept for specs (refusals are logged) and echoed on request. */
export interface HarnessLog extends Logger {
  readonly lines: readonly LogLine[];
}

export function createLog(echo = Boolean(process.env.DESKTOP_HARNESS_LOG)): HarnessLog {
  const lines: LogLine[] = [];
  const write = (level: LogLine['level']) => (message: string) => {
    lines.push({ level, message });
    if (echo) console.log(`[desktop ${level}] ${message}`);
  };
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

/** Real time: the app's timers run as they would on a rider's computer. */
export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
  setInterval(fn, ms) {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
};

/**
 * Real time, with the app's one-shot timers (the offline page's retry) held while `held`:
 * a spec that inspects the offline page releases them when it is done, so a retry's
 * navigation cannot pull the page away in the middle of its checks.
 */
export type HoldableClock = Clock & { release(): void };

export function holdableClock(): HoldableClock {
  let held: Array<() => void> | null = [];
  return {
    ...realClock,
    setTimeout(fn, ms) {
      let cancel: (() => void) | null = null;
      let canceled = false;
      const arm = () => {
        if (!canceled) cancel = realClock.setTimeout(fn, ms);
      };
      if (held) held.push(arm);
      else arm();
      return () => {
        canceled = true;
        cancel?.();
      };
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const arm of waiting) arm();
    },
  };
}

/** A fresh userData and temp folder, or the given userData (an app restarted on its data). */
export async function appPaths(userData?: string): Promise<AppPaths> {
  const root = userData ?? (await mkdtemp(path.join(tmpdir(), 'ridealong-desktop-')));
  const temp = path.join(root, 'temp');
  await mkdir(temp, { recursive: true });
  return { userData: root, temp };
}

export interface HarnessPorts extends DesktopPorts {
  windows: HarnessWindows;
  ipc: HarnessIpc;
  system: HarnessSystem;
  log: HarnessLog;
  session: HarnessSession;
}

/**
 * Everything the real app core needs, over one Playwright BrowserContext of Debian's Chromium
 * (the app's one Electron session): windows are its pages with the real preload, IPC a binding,
 * the system browser and the open dialog recorders a spec reads and feeds.
 */
export async function createHarnessPorts(
  context: BrowserContext,
  opts: { appOrigin: string; userData?: string; clock?: Clock },
): Promise<HarnessPorts> {
  const session = await HarnessSession.open(context, opts.appOrigin);
  const preload = preloadScript();
  // Built before any window needs it, so a bundling error fails the launch, not a later load.
  await preload;
  return {
    session,
    windows: createWindowFactory(session, preload),
    ipc: await createIpcPort(session),
    system: createSystemPorts(),
    paths: await appPaths(opts.userData),
    log: createLog(),
    clock: opts.clock ?? realClock,
    fetch: globalThis.fetch.bind(globalThis),
  };
}
