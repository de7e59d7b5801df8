// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge, DesktopEvents } from '@ridealong/contracts';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { useDesktopInfoStore } from '../lib/appTracker';
import { ensureTracker, startTracker } from '../lib/trackerClient';
import { setAppTrackerUrl } from '../lib/trackerUrl';
import { ConnectDevicePage } from './ConnectDevicePage';

vi.mock('../lib/trackerClient', () => ({
  ensureTracker: vi.fn(),
  startTracker: vi.fn(),
  trackerRequests: {},
}));

type Info = DesktopEvents['desktop-info'];
const INFO: Info = {
  version: '2.5.0',
  platform: 'win32',
  simulator: false,
  trackerUrl: 'http://127.0.0.1:47123',
  trackerRunning: true,
  trackerError: null,
};

function appBridge() {
  const send = vi.fn();
  let listener: ((payload: Info) => void) | null = null;
  const bridge = {
    version: '2.5.0',
    send,
    on: (channel: string, l: (payload: Info) => void) => {
      if (channel === 'desktop-info') listener = l;
      return () => {
        listener = null;
      };
    },
  } as unknown as DesktopBridge;
  window.desktopBridge = bridge;
  const answer = (info: Info) => act(() => listener?.(info));
  return { send, answer };
}

function renderPage() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ConnectDevicePage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  stubMatchMedia();
  vi.mocked(ensureTracker).mockClear();
  vi.mocked(startTracker).mockClear();
});
afterEach(() => {
  cleanup();
  delete window.desktopBridge;
  useDesktopInfoStore.setState({ info: null });
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null });
  setAppTrackerUrl(null);
});

describe('the Connect Device page in the desktop app', () => {
  it('asks the app about its tracker and connects once it runs', () => {
    const { send, answer } = appBridge();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Connect Device' })).toBeTruthy();
    expect(document.title).toBe('Connect Device | RideAlong');
    expect(send).toHaveBeenCalledWith('get-desktop-info', {});
    expect(ensureTracker).not.toHaveBeenCalled();
    answer({ ...INFO, trackerRunning: false });
    expect(ensureTracker).not.toHaveBeenCalled();
    answer(INFO);
    expect(ensureTracker).toHaveBeenCalledTimes(1);
  });

  it('turns the simulated trainer on and follows what the app says', () => {
    const { send, answer } = appBridge();
    renderPage();
    const toggle = screen.getByRole('switch', { name: /Ride without a trainer/ });
    expect((toggle as HTMLInputElement).disabled).toBe(true); // until the app has answered
    answer(INFO);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    expect(send).toHaveBeenCalledWith('set-simulator', { enabled: true });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    answer({ ...INFO, simulator: false }); // the app has the last word
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it('says so when another tracker holds the port', () => {
    const { answer } = appBridge();
    renderPage();
    expect(screen.queryByTestId('tracker-port-in-use')).toBeNull();
    answer({ ...INFO, trackerRunning: false, trackerError: 'Another program uses port 47123.' });
    expect(screen.getByTestId('tracker-port-in-use').textContent).toContain(
      'Another program uses port 47123.',
    );
  });

  it('asks the app to start its tracker again from the not-running state', () => {
    const { send } = appBridge();
    useTrackerStore.setState({
      connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'not_running' },
    });
    renderPage();
    expect(screen.queryByText(/npm run tracker/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(send).toHaveBeenCalledWith('open-tracker', { userId: null });
    expect(startTracker).toHaveBeenCalledTimes(1);
  });
});

describe('the Connect Device page in a browser', () => {
  it('connects to the usual tracker at once, without the simulator switch', () => {
    renderPage();
    expect(ensureTracker).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
