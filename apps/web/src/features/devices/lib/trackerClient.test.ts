// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_CONNECTION,
  rememberTracker,
  trackerRemembered,
  useTrackerStore,
} from '../../../stores/tracker';
import { startTracker, stopTracker } from './trackerClient';

type Listener = (...args: unknown[]) => void;

/** socket.io-client's socket and manager, as far as the client uses them: the test fires events. */
class FakeSocket {
  connected = false;
  readonly handlers = new Map<string, Listener>();
  readonly managerHandlers = new Map<string, Listener>();
  readonly io = { on: (event: string, fn: Listener) => this.managerHandlers.set(event, fn) };
  on(event: string, fn: Listener) {
    this.handlers.set(event, fn);
    return this;
  }
  emit() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const latest = () => {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket');
  return socket;
};

afterEach(() => {
  stopTracker();
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null });
  window.localStorage.clear();
});

describe('the remembered tracker', () => {
  it('is forgotten when the reconnection finds nothing, so the next load does not look again', () => {
    rememberTracker();
    startTracker();
    latest().managerHandlers.get('reconnect_attempt')?.(5);
    expect(trackerRemembered()).toBe(true);
    latest().managerHandlers.get('reconnect_failed')?.();
    expect(useTrackerStore.getState().connection.status).toBe('not_running');
    expect(trackerRemembered()).toBe(false);
  });

  it('is forgotten when the tracker refuses this page', () => {
    rememberTracker();
    startTracker();
    const refusal = Object.assign(new Error('refused'), {
      data: { reason: 'origin_not_allowed', message: 'Not this page.' },
    });
    latest().handlers.get('connect_error')?.(refusal);
    expect(useTrackerStore.getState().connection.status).toBe('refused');
    expect(trackerRemembered()).toBe(false);
  });

  it('is kept while the tracker is only retrying', () => {
    rememberTracker();
    startTracker();
    latest().handlers.get('connect_error')?.(new Error('down'));
    expect(useTrackerStore.getState().connection.status).toBe('retrying');
    expect(trackerRemembered()).toBe(true);
  });
});
