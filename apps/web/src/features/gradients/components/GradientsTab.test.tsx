// @vitest-environment jsdom
import { createRef } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatElevation, type GpxPreview, type Race } from '@ridealong/contracts';
import { installFakeXhr, type FakeXhr } from '../../../test/fakeXhr';
import { fixtureRace } from '../../../test/raceFixture';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { racesKeys } from '../../../lib/queries/keys';
import { GradientsTab } from './GradientsTab';
import { LEAVE_DURING_GPX_UPLOAD } from './LeaveWhileUploading';
import { GPX_ERROR_TEXT } from './UploadStatus';

let sent: FakeXhr[];
beforeEach(() => {
  stubMatchMedia();
  sent = installFakeXhr();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const race = fixtureRace(3, { duration: 120 });
const gpxFile = () => new File(['<gpx></gpx>'], 'morning.gpx', { type: 'application/gpx+xml' });

/** What the preview endpoint answers for an offset: the climb grows with it. */
const previewFor = (offset: number): GpxPreview => ({
  offset_s: offset,
  duration_s: 120,
  covered_from_s: 0,
  covered_to_s: 120,
  distance_m: 960,
  climb_m: 20 + offset,
  points: [
    [0, 0, 100, 0],
    [60, 480, 100, 0],
    [120, 960, 120 + offset, 6],
  ],
});

function renderTab(r: Race = race) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/video/:id',
        element: (
          <>
            <GradientsTab race={r} videoRef={createRef<HTMLVideoElement>()} />
            <Link to="/videos">All videos</Link>
          </>
        ),
      },
      { path: '/videos', element: <p>The videos page</p> },
    ],
    { initialEntries: [`/video/${r.url}`] },
  );
  render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { client, router };
}

const fileInput = () =>
  screen.getByTestId('gradients-tab').querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const offsetField = () => screen.getByLabelText('Offset (seconds)');

/** The request for `path` (with that offset, when given) still waiting for an answer. */
async function pending(path: string, offset?: string): Promise<FakeXhr> {
  let found: FakeXhr | undefined;
  await waitFor(() => {
    found = sent.find(
      (x) =>
        x.url === `/api/v1${path}` &&
        x.status === 0 &&
        !x.aborted &&
        (offset === undefined || x.body?.get('offset') === offset),
    );
    expect(found).toBeDefined();
  });
  return found!;
}

/** Chooses a GPX file, asks for the preview and answers it. */
async function previewed(offset = 0) {
  choose(gpxFile());
  fireEvent.click(screen.getByRole('button', { name: 'Preview profile' }));
  const request = await pending(`/race/${race.url}/gpx/preview`);
  act(() => request.respond(200, previewFor(offset)));
  await screen.findByTestId('gpx-preview');
  return request;
}

describe('GradientsTab', () => {
  it('shows where the slope comes from now', () => {
    renderTab(fixtureRace(4, { slope_source_id: 2, gpx_upload_filename: 'alps.gpx' }));
    expect(screen.getByTestId('slope-source').textContent).toBe(
      'The slope profile comes from the GPX file alps.gpx.',
    );
    cleanup();
    renderTab(fixtureRace(5, { slope_source_id: 1 }));
    expect(screen.getByTestId('slope-source').textContent).toBe(
      "The slope profile comes from the camera's GPS.",
    );
  });

  it('accepts only .gpx: the input says so, and another file is refused with nothing sent', async () => {
    renderTab();
    expect(fileInput().accept).toBe('.gpx');
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Only .gpx files can be chosen: notes.txt was not sent.',
    );
    expect(screen.getByRole('button', { name: 'Preview profile' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Preview profile' }));
    expect(sent).toHaveLength(0);
  });

  it('previews the file with the offset: the form carries both, the chart its distance and climb', async () => {
    renderTab();
    expect(offsetField()).toHaveProperty('value', '0');
    const request = await previewed();
    expect(request.method).toBe('POST');
    expect(request.body?.get('offset')).toBe('0');
    expect((request.body?.get('gpx') as File).name).toBe('morning.gpx');
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('of climbing');
    expect(screen.getByTestId('gpx-preview-climb').textContent).toBe(
      formatElevation(20, 'imperial'),
    );
  });

  it('lets the chosen file go by a named button, back to no file', async () => {
    renderTab();
    await previewed();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the GPX file' }));
    await waitFor(() => expect(screen.queryByTestId('gpx-preview')).toBeNull());
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Preview profile' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('refreshes the preview when the offset changes, aborting the request it replaces', async () => {
    renderTab();
    const first = await previewed();
    fireEvent.click(screen.getByRole('button', { name: '+10 s' }));
    expect(offsetField()).toHaveProperty('value', '10');
    const second = await pending(`/race/${race.url}/gpx/preview`, '10');
    expect(second).not.toBe(first);
    // Changed again before the answer: the request for 10 s is dropped.
    fireEvent.change(offsetField(), { target: { value: '-5' } });
    const third = await pending(`/race/${race.url}/gpx/preview`, '-5');
    expect(second.aborted).toBe(true);
    act(() => third.respond(200, previewFor(-5)));
    await waitFor(() =>
      expect(screen.getByTestId('gpx-preview-climb').textContent).toBe(
        formatElevation(15, 'imperial'),
      ),
    );
  });

  it('does not ask for a preview, nor upload, while the offset is not a number', async () => {
    renderTab();
    await previewed();
    const before = sent.length;
    fireEvent.change(offsetField(), { target: { value: 'ten' } });
    expect(screen.getByText(/Enter the offset as a number of seconds/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
    // The next request is for the next valid offset: none went for the text.
    fireEvent.change(offsetField(), { target: { value: '7' } });
    await pending(`/race/${race.url}/gpx/preview`, '7');
    expect(sent.length).toBe(before + 1);
  });

  it('uploads with progress, then refreshes the video and its route and says so', async () => {
    const { client } = renderTab();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    await previewed();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const upload = await pending(`/race/${race.url}/gpx`);
    expect(upload.body?.get('offset')).toBe('0');
    act(() => upload.progress(512, 1024));
    expect(screen.getByTestId('gpx-upload-percent').textContent).toBe('50%');
    const bar = screen.getByRole('progressbar', { name: 'GPX upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(fileInput().closest('div')?.querySelector('button')).toHaveProperty('disabled', true);

    const updated = { ...race, slope_source_id: 2, gpx_upload_filename: 'morning.gpx' };
    act(() => upload.respond(200, updated));
    const done = await screen.findByTestId('gpx-finished');
    expect(done.textContent).toContain('Trainers now follow the slope from morning.gpx.');
    expect(client.getQueryData(racesKeys.one(race.url))).toEqual(updated);
    const keys = invalidated.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toContain(JSON.stringify(racesKeys.route(race.url)));
    expect(keys).toContain(JSON.stringify(racesKeys.one(race.url)));
  });

  it("shows the spec's error sentence and the server's reason when the upload fails", async () => {
    renderTab();
    await previewed();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const upload = await pending(`/race/${race.url}/gpx`);
    act(() =>
      upload.respond(400, { status: 'failure', message: 'The file has no timed track points.' }),
    );
    const alert = await screen.findByTestId('gpx-error');
    expect(within(alert).getByText(GPX_ERROR_TEXT)).toBeTruthy();
    expect(within(alert).getByTestId('gpx-error-detail').textContent).toBe(
      'The file has no timed track points.',
    );
    // The same file can go again.
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', false);
  });

  it("shows the spec's sentence when the preview fails or the connection breaks", async () => {
    renderTab();
    choose(gpxFile());
    fireEvent.click(screen.getByRole('button', { name: 'Preview profile' }));
    const request = await pending(`/race/${race.url}/gpx/preview`);
    act(() => request.fail());
    const alert = await screen.findByTestId('gpx-error');
    expect(within(alert).getByText(GPX_ERROR_TEXT)).toBeTruthy();
    expect(within(alert).getByText('The connection to the server was lost.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true);
  });

  it('warns before leaving the page while the file goes up, and stays when asked to', async () => {
    const { router } = renderTab();
    await previewed();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await pending(`/race/${race.url}/gpx`);
    fireEvent.click(screen.getByRole('link', { name: 'All videos' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(LEAVE_DURING_GPX_UPLOAD)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/video/${race.url}`));
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });
});
