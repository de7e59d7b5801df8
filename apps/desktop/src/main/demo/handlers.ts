import type { AppWindow, Clock, Logger, MessageHandlers } from '../ports.js';
import type { WindowRegistry } from '../window-registry.js';
import { initialIdleState, nextCheckAt, stepIdle, type IdleEvent } from './idle-rule.js';

export interface DemoDeps {
  clock: Clock;
  /** The main window, and whether a tracker or uploader window is on screen. */
  windows: Pick<WindowRegistry, 'main' | 'isToolWindowVisible'>;
  log: Logger;
}

export type DemoHandlers = Pick<MessageHandlers, 'demo-idle-settings' | 'video-playing'> & {
  /** The preload's user input (DESKTOP_INTERNAL_CHANNELS.userActivity, sender checked). */
  onUserActivity(window: AppWindow): void;
  /** Stops the idle timer (the app is quitting). */
  dispose(): void;
};

/**
 * Demo idle mode in the main process: the idle rule (idle-rule.ts) on the app's clock.
 * Entering demo mode makes the main window full screen and tells its page
 * ('demo-mode-changed' {on: true}: the web shows /demo); leaving restores the window and
 * tells the page {on: false}.
 */
export function demoHandlers(deps: DemoDeps): DemoHandlers {
  const { clock, windows, log } = deps;
  let state = initialIdleState(clock.now());
  // Full screen as it was before demo mode: a rider who rode full screen stays so.
  let wasFullScreen = false;
  let timer: { at: number; cancel: () => void } | null = null;
  let disposed = false;

  const apply = (event: IdleEvent) => {
    if (disposed) return;
    const step = stepIdle(state, event);
    state = step.state;
    if (step.change === 'enter') enter();
    if (step.change === 'leave') leave();
    schedule();
  };

  // One timer for the next deadline. Input only moves the deadline later, so a timer already
  // set for an earlier time is kept: when it fires, the rule finds it early and sets a new one.
  const schedule = () => {
    const due = nextCheckAt(state);
    if (timer && due !== null && timer.at <= due) return;
    timer?.cancel();
    timer = null;
    if (due === null) return;
    const at = due;
    const cancel = clock.setTimeout(
      () => {
        timer = null;
        apply({ kind: 'tick', at: clock.now(), toolWindowVisible: windows.isToolWindowVisible() });
      },
      Math.max(0, at - clock.now()),
    );
    timer = { at, cancel };
  };

  const enter = () => {
    const main = windows.main();
    log.info('Demo mode on (idle)');
    if (!main) return;
    wasFullScreen = main.isFullScreen();
    main.setFullScreen(true);
    main.send('demo-mode-changed', { on: true });
  };

  const leave = () => {
    const main = windows.main();
    log.info('Demo mode off');
    if (!main) return;
    main.setFullScreen(wasFullScreen);
    main.send('demo-mode-changed', { on: false });
  };

  return {
    'demo-idle-settings': ({ enterDemoModeAt }, { window }) => {
      // The main window's member decides; a tool window's page has no say.
      if (window.kind !== 'main') return;
      apply({ kind: 'settings', enterDemoModeAt, at: clock.now() });
      // A page that (re)loads learns the current mode (its stored copy may be stale).
      window.send('demo-mode-changed', { on: state.demoMode });
    },
    'video-playing': ({ playing }) => apply({ kind: 'video', playing, at: clock.now() }),
    onUserActivity: () => apply({ kind: 'input', at: clock.now() }),
    dispose() {
      disposed = true;
      timer?.cancel();
      timer = null;
    },
  };
}
