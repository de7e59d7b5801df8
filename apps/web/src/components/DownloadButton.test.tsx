// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DesktopDownloads } from '@ridealong/contracts';
import { useTrackerStore } from '../stores/tracker';
import { fakeApi, failure } from '../test/fakeApi';
import { stubMatchMedia } from '../test/stubMatchMedia';
import { DownloadButton } from './DownloadButton';

const MAC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/130';
const WINDOWS_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130';

const macOnly: DesktopDownloads = {
  version: '2.5.0',
  platforms: {
    mac: { url: '/download/mac', file: 'RideAlong-2.5.0.dmg', size: 94_371_840, version: '2.5.0' },
    windows: null,
    linux: null,
  },
  supported_versions: ['2.5.0'],
};

function renderButton(userAgent: string, answer: Parameters<typeof fakeApi>[0]) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const api = fakeApi(answer);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DownloadButton />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return api;
}

/** Chrome and Edge have Web Bluetooth; jsdom, as Firefox and Safari, has none. */
const withBluetooth = () =>
  Object.defineProperty(navigator, 'bluetooth', { value: {}, configurable: true });

beforeAll(stubMatchMedia);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'bluetooth');
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DownloadButton', () => {
  it("links a Mac to the server's stable download of the published dmg", async () => {
    const api = renderButton(MAC_UA, () => ({ json: macOnly }));
    const link = await screen.findByRole('link', { name: 'Download for Mac' });
    expect(link.getAttribute('href')).toBe('/download/mac');
    expect(link.getAttribute('download')).toBe('RideAlong-2.5.0.dmg');
    expect(api.calls.map((c) => c.path)).toEqual(['/desktop/downloads']);
  });

  it('tells Windows none is published and offers Bluetooth in the browser', async () => {
    withBluetooth();
    renderButton(WINDOWS_UA, () => ({ json: macOnly }));
    expect(
      await screen.findByText('The desktop app for Windows is not published yet.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pick a workout' }).getAttribute('href')).toBe(
      '/featured',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Connect a Bluetooth trainer' }));
    expect(useTrackerStore.getState().panelOpen).toBe(true);
  });

  it('offers no Bluetooth button in a browser without Web Bluetooth (review L5)', async () => {
    renderButton(WINDOWS_UA, () => ({ json: macOnly }));
    expect(await screen.findByTestId('ride-in-browser-elsewhere')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect a Bluetooth trainer' })).toBeNull();
  });

  it('shows no link while loading and none when the list cannot be had', async () => {
    renderButton(MAC_UA, () => failure(503, 'Down for maintenance'));
    const button = screen.getByRole('button', { name: 'Download for Mac' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('The desktop app cannot be downloaded right now.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });

  it('renders nothing on a phone', async () => {
    renderButton('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile', () => ({
      json: macOnly,
    }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('download-installer')).toBeNull();
    expect(screen.queryByTestId('desktop-unpublished')).toBeNull();
  });
});
