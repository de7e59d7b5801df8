// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Race } from '@ridealong/contracts';
import { racesKeys } from '../../../lib/queries/keys';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { VOICEOVER_TEXT } from '../lib/messages';
import { fakeVideo, fixtureLayer } from '../lib/testFixtures';
import { OWNER_ID, race, renderTab, server } from './voiceoverTabHarness';

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useUserStore.getState().logout();
  useGeneralStore.getState().setElectronMode(false);
});

describe('VoiceoverTab: the list everyone sees', () => {
  it("says there are none in the spec's words", async () => {
    const api = server([]);
    renderTab({ owner: false, electron: false });
    expect(await screen.findByText('There are no voiceovers for this video.')).toBeTruthy();
    expect(api.calls[0]?.path).toBe(`/overlay/for-video/${race.url}`);
    expect(screen.queryByTestId('voiceover-recorder')).toBeNull();
    expect(screen.queryByTestId('voiceover-switches')).toBeNull();
  });

  it('lists layers with their times, a labelled waveform, or Processing…', async () => {
    server([
      fixtureLayer(1, { start_index: 10, end_index: 14, duration: 4 }),
      fixtureLayer(2, {
        start_index: 30,
        end_index: 32.5,
        duration: 2.5,
        status: 'processing',
        peaks_data: null,
      }),
    ]);
    renderTab({ owner: false, electron: false });
    const rows = await screen.findAllByTestId('voiceover-layer');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('0:10.0 – 0:14.0')).toBeTruthy();
    expect(within(rows[0]!).getByText('4.0 s')).toBeTruthy();
    const canvas = within(rows[0]!).getByRole('img', {
      name: 'Waveform of the voiceover from 0:10.0 to 0:14.0',
    });
    expect(canvas.tagName).toBe('CANVAS');
    expect(canvas.getAttribute('height')).toBe('70');
    expect(within(rows[1]!).getByText('Processing…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('VoiceoverTab: the owner on the web', () => {
  it('lists the layers and points to the desktop app, also to unmute', async () => {
    const api = server([fixtureLayer(1)]);
    renderTab({ owner: true, electron: false });
    await screen.findAllByTestId('voiceover-layer');
    expect(api.calls[0]?.path).toBe(`/overlay/video-owner/${race.url}/${OWNER_ID}`);
    expect(screen.getByTestId('voiceover-desktop-only').textContent).toContain(
      VOICEOVER_TEXT.desktopToRecord,
    );
    expect(screen.queryByTestId('voiceover-record')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('VoiceoverTab: the owner in the desktop app', () => {
  it('disables Record inside an existing voiceover, with the message', async () => {
    server([fixtureLayer(1, { start_index: 10, end_index: 14 })]);
    const { video } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    const record = await screen.findByTestId('voiceover-record');
    expect(record.hasAttribute('disabled')).toBe(false);
    act(() => {
      video.currentTime = 12;
    });
    await waitFor(() => expect(record.hasAttribute('disabled')).toBe(true));
    expect(screen.getByText('Overlaps existing voiceover, Skip to different section')).toBeTruthy();
    act(() => {
      video.currentTime = 20;
    });
    await waitFor(() => expect(record.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByText(VOICEOVER_TEXT.overlap)).toBeNull();
  });

  it('skips to a valid time and refuses others', async () => {
    server([]);
    const { video } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    const input = await screen.findByLabelText('Skip to time (seconds)');
    fireEvent.change(input, { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Enter a time from 0 to 60 seconds.')).toBeTruthy();
    expect(video.currentTime).toBe(0);
    fireEvent.change(input, { target: { value: '42.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(video.currentTime).toBe(42.5));
    expect(screen.queryByText('Enter a time from 0 to 60 seconds.')).toBeNull();
  });

  it('disables the switches while the player is muted, and says so', async () => {
    server([]);
    const { video } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    const videoSwitch = await screen.findByRole('switch', { name: 'Video audio' });
    const overlaySwitch = screen.getByRole('switch', { name: 'Voiceover audio' });
    expect(videoSwitch.hasAttribute('disabled')).toBe(false);
    act(() => {
      video.muted = true;
    });
    await waitFor(() => expect(videoSwitch.hasAttribute('disabled')).toBe(true));
    expect(overlaySwitch.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Unmute video to access switches...')).toBeTruthy();
    act(() => {
      video.muted = false;
    });
    await waitFor(() => expect(videoSwitch.hasAttribute('disabled')).toBe(false));
  });

  it('flips a switch through handle-mutes and shows the answer', async () => {
    const api = server([], (call) =>
      call.path === '/race/handle-mutes'
        ? { json: { ...race, mute_overlay_audio: true } satisfies Race }
        : { status: 404, json: { status: 'failure', message: 'Not found' } },
    );
    const { video } = fakeVideo(60);
    const { client } = renderTab({ owner: true, electron: true, video });
    const overlaySwitch = await screen.findByRole('switch', { name: 'Voiceover audio' });
    expect((overlaySwitch as HTMLInputElement).checked).toBe(true);
    fireEvent.click(overlaySwitch);
    await waitFor(() => expect((overlaySwitch as HTMLInputElement).checked).toBe(false));
    expect(api.calls.find((c) => c.path === '/race/handle-mutes')?.body).toEqual({
      id: race.id,
      to_change: 'OVERLAY',
    });
    expect(client.getQueryData<Race>(racesKeys.one(race.url))?.mute_overlay_audio).toBe(true);
  });

  it('asks before deleting: cancel keeps it, confirm deletes it', async () => {
    const api = server([fixtureLayer(5)], (call) =>
      call.path === '/overlay/5/delete'
        ? { json: { status: 'success' } }
        : { status: 404, json: {} },
    );
    const { video } = fakeVideo(60);
    renderTab({ owner: true, electron: true, video });
    fireEvent.click(await screen.findByTestId('voiceover-delete'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete?')).toBeTruthy();
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled!')).toBeTruthy();
    expect(screen.getByText('Your recording is safe.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/overlay/5/delete')).toBe(false);

    fireEvent.click(screen.getByTestId('voiceover-delete'));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-delete-voiceover'));
    expect(await screen.findByText('Deleted!')).toBeTruthy();
    expect(screen.getByText('Your recording has been deleted.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/overlay/5/delete')?.method).toBe('POST');
  });
});
