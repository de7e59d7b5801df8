import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFactory, fakeLogger, type FakeWindow } from '../../../test/fakes.js';
import { createWindowRegistry } from '../window-registry.js';
import { FILE_MESSAGES_TEXT, fileHandlers } from './handlers.js';
import { createPickedFiles } from './picked-files.js';

const GPX = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>
<trkpt lat="45.0" lon="7.0"><ele>100</ele><time>2024-05-01T10:00:00Z</time></trkpt>
<trkpt lat="45.0001" lon="7.0"><ele>101</ele><time>2024-05-01T10:00:01Z</time></trkpt>
</trkseg></trk></gpx>`;

let root: string;
let server: Server;
let origin: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'file-handlers-'));
  await mkdir(path.join(root, 'temp'));
  await writeFile(path.join(root, 'ride.gpx'), GPX);
  await writeFile(path.join(root, 'secret.gpx'), GPX);
  server = createServer((req, res) => {
    if (req.url === '/media/tok/audio.m4a') res.end('AUDIO');
    else if (req.url === '/redirect') res.writeHead(302, { location: 'http://example.com/' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((r) => server.close(r));
  await rm(root, { recursive: true, force: true });
});

function setup(dialogAnswers: string[][] = []) {
  const windows = createWindowRegistry(fakeFactory(), {
    allowNavigation: () => true,
    onWindowOpen: () => undefined,
  });
  const main = windows.open('main').window as FakeWindow;
  const uploader = windows.open('uploader').window as FakeWindow;
  const ctxOf = (window: FakeWindow) => ({
    window,
    sender: { webContentsId: window.id, frameUrl: `${origin}/video/abc`, isMainFrame: true },
  });
  const picked = createPickedFiles();
  const inUse: string[] = [];
  const handlers = fileHandlers({
    picked,
    system: { showOpenDialog: async () => dialogAnswers.shift() ?? [] },
    paths: { userData: root, temp: path.join(root, 'temp') },
    origin,
    serverUrl: origin,
    fetch: globalThis.fetch,
    log: fakeLogger(),
    tempInUse: async () => inUse,
  });
  return { handlers, main, uploader, ctx: ctxOf(main), ctxOf, picked, inUse };
}

const errors = (w: FakeWindow) =>
  w.sent
    .filter((s) => s.channel === 'upload-error')
    .map((s) => (s.payload as { message: string }).message);

describe('pick-gpx-file and upload-gpx', () => {
  it('answers the dialog’s path, and a cancel or a non-GPX file with null', async () => {
    const gpx = path.join(root, 'ride.gpx');
    const { handlers, main, ctx } = setup([[gpx], [], [path.join(root, 'notes.txt')]]);
    for (let i = 0; i < 3; i++) await handlers['pick-gpx-file']({}, ctx);
    expect(main.sent.map((s) => s.payload)).toEqual([
      { path: gpx },
      { path: null },
      { path: null },
    ]);
  });

  it('opens only a file picked in the app’s dialog (a path the page sends is refused)', async () => {
    const gpx = path.join(root, 'ride.gpx');
    const { handlers, main, ctx } = setup([[gpx]]);
    const send = (p: string) =>
      handlers['upload-gpx']({ path: p, video_url: 'abc', offset: 0 }, ctx);
    await send(path.join(root, 'secret.gpx'));
    await send('/etc/passwd');
    await send(`${root}/../${path.basename(root)}/ride.gpx`);
    expect(errors(main)).toEqual(Array(3).fill(FILE_MESSAGES_TEXT.notPicked));
    main.sent.length = 0;
    await handlers['pick-gpx-file']({}, ctx);
    await send(gpx);
    // The checks pass; a v1 page sends no token, so it is told to reload (owner-calls.test.ts
    // has the upload itself).
    expect(errors(main)).toEqual([FILE_MESSAGES_TEXT.gpxNeedsToken]);
  });

  it('checks the picked file again when it is used: swapped for a link, or not a GPX', async () => {
    const gpx = path.join(root, 'ride.gpx');
    const { handlers, main, ctx } = setup([[gpx]]);
    await handlers['pick-gpx-file']({}, ctx);
    await rm(gpx);
    await symlink('/etc/passwd', gpx);
    await handlers['upload-gpx']({ path: gpx, video_url: 'abc', offset: 0 }, ctx);
    expect(errors(main)).toEqual([FILE_MESSAGES_TEXT.notGpx]);
  });

  it('refuses a bad video url and owner tools from another window', async () => {
    const gpx = path.join(root, 'ride.gpx');
    const { handlers, main, uploader, ctx, ctxOf } = setup([[gpx]]);
    await handlers['pick-gpx-file']({}, ctx);
    await handlers['upload-gpx']({ path: gpx, video_url: '../x', offset: 0 }, ctx);
    await handlers['upload-gpx']({ path: gpx, video_url: 'abc', offset: 0 }, ctxOf(uploader));
    expect(errors(main)).toEqual([FILE_MESSAGES_TEXT.badVideo]);
    expect(errors(uploader)).toEqual([FILE_MESSAGES_TEXT.ownerToolsMainWindow]);
  });
});

describe('download-audio', () => {
  it('downloads from the app’s server into its temporary folder', async () => {
    const { handlers, main, ctx } = setup();
    await handlers['download-audio']({ url: `${origin}/media/tok/audio.m4a` }, ctx);
    expect(errors(main)).toEqual([]);
    const files = await readdir(path.join(root, 'temp', 'audio'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.m4a$/);
  });

  it('refuses other hosts, schemes, credentials and redirects away', async () => {
    const { handlers, main, ctx } = setup();
    for (const url of [
      'http://example.com/a.m4a',
      'file:///etc/passwd',
      `${origin.replace('http:', 'https:')}/media/tok/audio.m4a`,
      origin.replace('http://', 'http://user:pw@') + '/media/tok/audio.m4a',
      'javascript:alert(1)',
    ]) {
      await handlers['download-audio']({ url }, ctx);
    }
    expect(errors(main)).toEqual(Array(5).fill(FILE_MESSAGES_TEXT.audioNotServer));
    main.sent.length = 0;
    await handlers['download-audio']({ url: `${origin}/redirect` }, ctx);
    await handlers['download-audio']({ url: `${origin}/missing` }, ctx);
    expect(errors(main)).toHaveLength(2);
    // Nothing was written (the audio folder is made only once a download is accepted).
    expect(await readdir(path.join(root, 'temp'))).toEqual([]);
  });
});

describe('voiceover messages', () => {
  it('are checked and answered honestly (the pages record and save voiceovers)', async () => {
    const { handlers, main, ctx } = setup();
    await handlers['process-and-upload-audio']({ video_url: 'abc', layers: [1, 1] }, ctx);
    await handlers['process-and-upload-audio']({ video_url: 'abc', layers: [1, 2] }, ctx);
    await handlers['delete-audio-layer']({ layerId: 3 }, ctx);
    expect(errors(main)).toEqual([
      FILE_MESSAGES_TEXT.badVideo,
      FILE_MESSAGES_TEXT.audioFromPage,
      FILE_MESSAGES_TEXT.layerNeedsToken,
    ]);
  });
});

describe('purge-temp', () => {
  it('empties the temporary folder only, sparing a pending upload', async () => {
    const { handlers, ctx, inUse } = setup();
    const temp = path.join(root, 'temp');
    await mkdir(path.join(temp, 'upload-1'));
    await writeFile(path.join(temp, 'x'), '1');
    await symlink(root, path.join(temp, 'up'));
    inUse.push(path.join(temp, 'upload-1'));
    await handlers['purge-temp']({}, ctx);
    expect(await readdir(temp)).toEqual(['upload-1']);
    expect((await readdir(root)).sort()).toEqual(['ride.gpx', 'secret.gpx', 'temp']);
  });
});
