// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { VOICEOVER_TEXT } from '../lib/messages';
import { fakeMicrophone, fakeVideo, fixtureLayer } from '../lib/testFixtures';
import { race, renderTab, server } from './voiceoverTabHarness';

/** The wall clock the recorder measures a take by. */
let now = 1000;

beforeEach(() => {
  stubMatchMedia();
  now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
  useUserStore.getState().logout();
  useGeneralStore.getState().setElectronMode(false);
});

/** Records a take of `seconds` from the video's playhead; resolves once it is listed. */
async function recordTake(video: HTMLVideoElement, advance: (s: number) => void, seconds: number) {
  fireEvent.click(await screen.findByTestId('voiceover-record'));
  const stop = await screen.findByTestId('voiceover-stop');
  expect(video.muted).toBe(true);
  expect(video.paused).toBe(false);
  now += seconds * 1000;
  act(() => advance(seconds));
  fireEvent.click(stop);
  await screen.findByTestId('voiceover-record');
}

describe('VoiceoverTab: recording', () => {
  it('records an UNSAVED layer, pauses, skips 1 s on and restores the muted state', async () => {
    server([]);
    const mic = fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    video.currentTime = 5;
    renderTab({ owner: true, electron: true, video });
    await recordTake(video, advance, 2);

    expect(mic.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(mic.track.stop).toHaveBeenCalled();
    const row = await screen.findByTestId('voiceover-layer');
    expect(row.getAttribute('data-layer-type')).toBe('UNSAVED');
    expect(within(row).getByText('0:05.0 – 0:07.0')).toBeTruthy();
    expect(video.paused).toBe(true);
    expect(video.muted).toBe(false);
    expect(video.currentTime).toBe(8);
    expect(screen.getByTestId('voiceover-save')).toBeTruthy();
  });

  it('treats an unsaved take like a saved one for overlaps', async () => {
    server([]);
    fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    await recordTake(video, advance, 3);
    act(() => {
      video.currentTime = 1;
    });
    await waitFor(() =>
      expect(screen.getByTestId('voiceover-record').hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByText(VOICEOVER_TEXT.overlap)).toBeTruthy();
  });

  it('confirms Save, uploads each take as multipart and lists it as saved', async () => {
    const saved = fixtureLayer(9, {
      start_index: 0,
      end_index: 2,
      status: 'processing',
      peaks_data: null,
    });
    let listed: unknown[] = [];
    const api = server(
      () => listed,
      (call) => {
        if (call.path === `/overlay/upload/${race.url}`) {
          listed = [saved];
          return { json: saved };
        }
        return { status: 404, json: {} };
      },
    );
    fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    await recordTake(video, advance, 2);

    fireEvent.click(screen.getByTestId('voiceover-save'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to save your recordings?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('confirm-save-voiceovers'));

    await waitFor(() => expect(screen.queryByTestId('voiceover-save')).toBeNull());
    const upload = api.calls.find((c) => c.path === `/overlay/upload/${race.url}`);
    expect(upload?.method).toBe('POST');
    expect(upload?.form?.get('start_index')).toBe('0');
    expect(upload?.form?.get('audio')).toBeInstanceOf(Blob);
    expect(typeof upload?.form?.get('timestamp')).toBe('string');
    const row = await screen.findByTestId('voiceover-layer');
    expect(row.getAttribute('data-layer-type')).toBe('SAVED');
    expect(within(row).getByText('Processing…')).toBeTruthy();
    // The list was asked again after the save, and still shows it.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.startsWith('/overlay/video-owner/')).length).toBe(2),
    );
    expect(screen.getByTestId('voiceover-layer').getAttribute('data-layer-type')).toBe('SAVED');
  });

  it('keeps a take the server refuses, with its message', async () => {
    server([], (call) =>
      call.path.startsWith('/overlay/upload/')
        ? { status: 409, json: { status: 'failure', message: VOICEOVER_TEXT.overlap } }
        : { status: 404, json: {} },
    );
    fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    await recordTake(video, advance, 2);
    fireEvent.click(screen.getByTestId('voiceover-save'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByTestId('confirm-save-voiceovers'),
    );
    expect(await screen.findByText('Not saved')).toBeTruthy();
    expect(screen.getByTestId('voiceover-layer').getAttribute('data-layer-type')).toBe('UNSAVED');
  });

  it('deletes an unsaved take after the confirmation, without calling the server', async () => {
    const api = server([]);
    fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    await recordTake(video, advance, 2);
    fireEvent.click(screen.getByTestId('voiceover-delete'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByTestId('confirm-delete-voiceover'),
    );
    expect(await screen.findByText('Deleted!')).toBeTruthy();
    expect(await screen.findByText('There are no voiceovers for this video.')).toBeTruthy();
    expect(api.calls.some((c) => c.path.includes('/delete'))).toBe(false);
  });

  it('warns before leaving the page with unsaved recordings', async () => {
    server([]);
    fakeMicrophone();
    const { video, advance } = fakeVideo(60);
    const { router } = renderTab({ owner: true, electron: true, video });
    const armed = vi.spyOn(router, 'getBlocker');
    await recordTake(video, advance, 2);
    // React Router arms a blocker two effect passes after the guard mounts, and the take's row
    // can show before them on a busy machine: a move made earlier would not be asked about.
    await waitFor(() => expect(armed).toHaveBeenCalled());
    act(() => void router.navigate('/videos'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(VOICEOVER_TEXT.leave)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video/${race.url}`));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it('logs a refused microphone, clears the loading state and says why', async () => {
    server([]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeMicrophone(new DOMException('Permission denied', 'NotAllowedError'));
    const { video } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    fireEvent.click(await screen.findByTestId('voiceover-record'));
    expect((await screen.findByTestId('voiceover-problem')).textContent).toMatch(/denied/);
    expect(error).toHaveBeenCalledWith(
      'The microphone could not be opened',
      expect.any(DOMException),
    );
    const record = screen.getByTestId('voiceover-record');
    expect(record.getAttribute('data-loading')).toBeNull();
    expect(record.hasAttribute('disabled')).toBe(false);
    expect(video.muted).toBe(false);
    expect(video.paused).toBe(true);
  });
});
