import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getDesktopBridge } from '../../lib/bridge';
import { useGeneralStore } from '../../stores/general';
import { selectSignedIn, useUserStore } from '../../stores/user';
import { demoNavigation } from './demoModeNavigation';

/**
 * Demo idle mode in the desktop app (documents 000 and 001): the app's main process keeps the
 * idle timer, so the page tells it the member's enter_demo_mode_at (null when signed out) on
 * load and on every change, and follows 'demo-mode-changed': on, the general store's demoMode
 * and /demo; off, back to the page the rider was on. Only with a 2.5.0 app or later (an older
 * one has no idle timer of its own to feed and sends no such event).
 */
export function DesktopDemoMode() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const signedIn = useUserStore(selectSignedIn);
  const seconds = useUserStore((s) => s.user.enter_demo_mode_at);
  const enterDemoModeAt = signedIn ? (seconds ?? null) : null;
  const bridge = electronMode ? getDesktopBridge() : null;
  const supported = bridge !== null && typeof bridge.version === 'string';

  // Subscribed before the settings go out: the app answers them with the current mode.
  useEffect(() => {
    if (!supported || !bridge) return;
    return bridge.on('demo-mode-changed', (payload) => {
      const on = payload?.on === true;
      const general = useGeneralStore.getState();
      const { pathname, search, state } = here.current;
      const next = demoNavigation({
        on,
        wasOn: general.demoMode,
        pathname,
        search,
        historyState: state,
      });
      general.setDemoMode(on);
      if (next) void navigate(next.to, { replace: next.replace, state: next.state });
    });
  }, [bridge, supported, navigate]);

  useEffect(() => {
    if (!supported || !bridge) return;
    bridge.send('demo-idle-settings', { enterDemoModeAt: validSeconds(enterDemoModeAt) });
  }, [bridge, supported, enterDemoModeAt]);

  return null;
}

/** A stored value the message would refuse (a stale copy, a bad edit) counts as turned off. */
function validSeconds(seconds: number | null): number | null {
  return seconds !== null && Number.isInteger(seconds) && seconds >= 1 && seconds <= 86_400
    ? seconds
    : null;
}
