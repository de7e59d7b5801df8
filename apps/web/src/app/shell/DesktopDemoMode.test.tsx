// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopBridge, DesktopEvents, DesktopMessages } from '@ridealong/contracts';
import { useGeneralStore } from '../../stores/general';
import { useUserStore } from '../../stores/user';
import { DesktopDemoMode } from './DesktopDemoMode';

type Listener = (payload: DesktopEvents['demo-mode-changed']) => void;

/** A desktop bridge recording what the page sends; the test plays the app's events. */
function fakeBridge(version: string | null = '2.5.0') {
  const sent: Array<[string, unknown]> = [];
  const listeners = new Set<Listener>();
  const bridge = {
    send: <K extends keyof DesktopMessages>(channel: K, payload: DesktopMessages[K]) =>
      void sent.push([channel, payload]),
    on: (channel: string, listener: Listener) => {
      if (channel !== 'demo-mode-changed') return () => undefined;
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    ...(version === null ? {} : { version }),
  } as unknown as DesktopBridge;
  window.desktopBridge = bridge;
  return {
    sent,
    settings: () => sent.filter(([c]) => c === 'demo-idle-settings').map(([, p]) => p),
    emit: (on: boolean) => act(() => listeners.forEach((l) => l({ on }))),
    listening: () => listeners.size,
  };
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

function renderAt(path: string, state?: unknown) {
  const element = (
    <>
      <DesktopDemoMode />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], {
    initialEntries: [
      {
        pathname: path.split('?')[0]!,
        search: path.includes('?') ? `?${path.split('?')[1]}` : '',
        state,
      },
    ],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const where = () => screen.getByTestId('where').textContent;

function signIn(enterDemoModeAt: number | null) {
  useUserStore.setState({
    user: {
      userId: '7',
      token: 't',
      isAuthenticated: true,
      authorized: true,
      enter_demo_mode_at: enterDemoModeAt,
    },
  });
}

beforeEach(() => {
  useGeneralStore.setState({ electronMode: true, demoMode: false });
});

afterEach(() => {
  cleanup();
  delete window.desktopBridge;
  useUserStore.getState().logout();
  useGeneralStore.setState({ electronMode: false, demoMode: false });
});

describe('DesktopDemoMode', () => {
  it("sends the member's idle time on load and again when it changes", () => {
    const app = fakeBridge();
    signIn(30);
    renderAt('/featured');
    expect(app.settings()).toEqual([{ enterDemoModeAt: 30 }]);
    act(() => useUserStore.getState().updateUser({ enter_demo_mode_at: 300 }));
    act(() => useUserStore.getState().updateUser({ enter_demo_mode_at: null }));
    expect(app.settings()).toEqual([
      { enterDemoModeAt: 30 },
      { enterDemoModeAt: 300 },
      { enterDemoModeAt: null },
    ]);
  });

  it('sends null when signed out, and when signing out', () => {
    const app = fakeBridge();
    renderAt('/featured');
    expect(app.settings()).toEqual([{ enterDemoModeAt: null }]);
    act(() => signIn(60));
    act(() => useUserStore.getState().logout());
    expect(app.settings()).toEqual([
      { enterDemoModeAt: null },
      { enterDemoModeAt: 60 },
      { enterDemoModeAt: null },
    ]);
  });

  it('a stored value the app would refuse counts as turned off', () => {
    const app = fakeBridge();
    signIn(0.5);
    renderAt('/featured');
    expect(app.settings()).toEqual([{ enterDemoModeAt: null }]);
  });

  it('does nothing in a browser, outside desktop mode, or with an app older than 2.5.0', () => {
    signIn(30);
    renderAt('/featured');
    cleanup();
    useGeneralStore.setState({ electronMode: false });
    const web = fakeBridge();
    renderAt('/featured');
    expect(web.sent).toEqual([]);
    expect(web.listening()).toBe(0);
    cleanup();
    useGeneralStore.setState({ electronMode: true });
    const old = fakeBridge(null);
    renderAt('/featured');
    expect(old.sent).toEqual([]);
    expect(old.listening()).toBe(0);
  });

  it('demo mode on: the store and /demo; off: back where the rider was', () => {
    const app = fakeBridge();
    signIn(30);
    renderAt('/videos?page=2');
    app.emit(true);
    expect(useGeneralStore.getState().demoMode).toBe(true);
    expect(where()).toBe('/demo');
    app.emit(false);
    expect(useGeneralStore.getState().demoMode).toBe(false);
    expect(where()).toBe('/videos?page=2');
  });

  it('off without a remembered page goes to /featured', () => {
    const app = fakeBridge();
    useGeneralStore.setState({ demoMode: true });
    renderAt('/demo');
    app.emit(false);
    expect(where()).toBe('/featured');
  });

  it("the app's answer on load (off) changes nothing when the page already knew", () => {
    const app = fakeBridge();
    renderAt('/demo');
    app.emit(false);
    expect(where()).toBe('/demo');
    expect(useGeneralStore.getState().demoMode).toBe(false);
  });

  it('a remembered page of another site is never followed', () => {
    const app = fakeBridge();
    useGeneralStore.setState({ demoMode: true });
    renderAt('/demo', { demoFrom: '//evil.example/phish' });
    app.emit(false);
    expect(where()).toBe('/featured');
  });

  it('stops listening when unmounted', () => {
    const app = fakeBridge();
    renderAt('/featured');
    expect(app.listening()).toBe(1);
    cleanup();
    expect(app.listening()).toBe(0);
  });
});
