import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFactory, fakeLogger, type FakeWindow } from '../../../test/fakes.js';
import { SERVER_UNREACHABLE_MESSAGE } from '../uploader/server-api.js';
import { createWindowRegistry } from '../window-registry.js';
import { FILE_MESSAGES_TEXT, fileHandlers } from './handlers.js';
import { OWNER_API_FALLBACK_MESSAGE } from './owner-api.js';
import { createPickedFiles } from './picked-files.js';

const GPX = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>
<trkpt lat="45.0" lon="7.0"><ele>100</ele><time>2024-05-01T10:00:00Z</time></trkpt>
<trkpt lat="45.0001" lon="7.0"><ele>101</ele><time>2024-05-01T10:00:01Z</time></trkpt>
</trkseg></trk></gpx>`;
const TOKEN = 'session-token-abc';

/** What the stand-in API received: one entry per request, the multipart form parsed. */
interface Received {
  method: string;
  url: string;
  token: string | undefined;
  fields: Record<string, string>;
  file: { field: string; name: string; text: string } | null;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server standing in for apps/server: it records requests, answers `answer`. */
async function standInApi(answer: () => Answer) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void record(req, Buffer.concat(chunks)).then((entry) => {
        received.push(entry);
        answer()(req, res);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, received, close: () => new Promise((r) => server.close(r)) };
}

async function record(req: IncomingMessage, body: Buffer): Promise<Received> {
  const entry: Received = {
    method: req.method ?? '',
    url: req.url ?? '',
    token: req.headers[AUTH_TOKEN_HEADER] as string | undefined,
    fields: {},
    file: null,
  };
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return entry;
  // undici's own multipart parser reads what the app sent, as a server would.
  const form = await new Response(new Uint8Array(body), {
    headers: { 'content-type': type },
  }).formData();
  const files: Promise<void>[] = [];
  form.forEach((value, field) => {
    if (typeof value === 'string') entry.fields[field] = value;
    else
      files.push(
        value.text().then((text) => void (entry.file = { field, name: value.name, text })),
      );
  });
  await Promise.all(files);
  return entry;
}

const json = (status: number, body: unknown): Answer => {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
};

let root: string;
let api: Awaited<ReturnType<typeof standInApi>>;
let answer: Answer;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'owner-calls-'));
  await writeFile(path.join(root, 'ride.gpx'), GPX);
  answer = json(200, { id: 1, url: 'abc' });
  api = await standInApi(() => answer);
});
afterEach(async () => {
  await api.close();
  await rm(root, { recursive: true, force: true });
});

async function setup(serverUrl = api.url) {
  const windows = createWindowRegistry(fakeFactory(), {
    allowNavigation: () => true,
    onWindowOpen: () => undefined,
  });
  const main = windows.open('main').window as FakeWindow;
  const ctx = {
    window: main,
    sender: { webContentsId: main.id, frameUrl: `${serverUrl}/video/abc`, isMainFrame: true },
  };
  const gpx = path.join(root, 'ride.gpx');
  const log = fakeLogger();
  const handlers = fileHandlers({
    picked: createPickedFiles(),
    system: { showOpenDialog: async () => [gpx] },
    paths: { userData: root, temp: root },
    origin: new URL(serverUrl).origin,
    serverUrl,
    fetch: globalThis.fetch,
    log,
  });
  await handlers['pick-gpx-file']({}, ctx);
  main.sent.length = 0;
  return { handlers, main, ctx, gpx, log };
}

const sentOn = (w: FakeWindow, channel: string) =>
  w.sent.filter((s) => s.channel === channel).map((s) => s.payload);

describe('upload-gpx with the page’s token', () => {
  it('posts the checked file with the offset and the token, then reports it finished', async () => {
    const { handlers, main, ctx, gpx, log } = await setup();
    await handlers['upload-gpx'](
      { path: gpx, video_url: 'abc', offset: -12.5, authToken: TOKEN },
      ctx,
    );
    expect(api.received).toEqual([
      {
        method: 'POST',
        url: '/api/v1/race/abc/gpx',
        token: TOKEN,
        fields: { offset: '-12.5' },
        file: { field: 'gpx', name: 'ride.gpx', text: GPX },
      },
    ]);
    expect(sentOn(main, 'upload-gpx-finished')).toEqual([{ video_url: 'abc' }]);
    expect(sentOn(main, 'upload-error')).toEqual([]);
    // The token is used for this request only: never logged.
    expect(log.lines.join('\n')).not.toContain(TOKEN);
  });

  it('passes the server’s refusal to the page, or a plain message when it gives none', async () => {
    const { handlers, main, ctx, gpx } = await setup();
    const send = () =>
      handlers['upload-gpx']({ path: gpx, video_url: 'abc', offset: 0, authToken: TOKEN }, ctx);
    answer = json(400, { status: 'failure', message: 'The GPX track has no timed points.' });
    await send();
    answer = (_req, res) => res.writeHead(500).end('<html>oops</html>');
    await send();
    expect(sentOn(main, 'upload-error')).toEqual([
      { message: 'The GPX track has no timed points.' },
      { message: OWNER_API_FALLBACK_MESSAGE },
    ]);
    expect(sentOn(main, 'upload-gpx-finished')).toEqual([]);
    expect(api.received).toHaveLength(2);
  });

  it('without a token (a v1 page) tells the page to reload and sends nothing', async () => {
    const { handlers, main, ctx, gpx } = await setup();
    await handlers['upload-gpx']({ path: gpx, video_url: 'abc', offset: 0 }, ctx);
    expect(sentOn(main, 'upload-error')).toEqual([{ message: FILE_MESSAGES_TEXT.gpxNeedsToken }]);
    expect(FILE_MESSAGES_TEXT.gpxNeedsToken).not.toMatch(/does not accept/);
    expect(api.received).toEqual([]);
  });

  it('checks the file before the token: an unpicked path never reaches the server', async () => {
    const { handlers, main, ctx } = await setup();
    await handlers['upload-gpx'](
      { path: '/etc/passwd', video_url: 'abc', offset: 0, authToken: TOKEN },
      ctx,
    );
    expect(sentOn(main, 'upload-error')).toEqual([{ message: FILE_MESSAGES_TEXT.notPicked }]);
    expect(api.received).toEqual([]);
  });

  it('does not follow a redirect with the token, and reports an unreachable server', async () => {
    const elsewhere = await standInApi(() => json(200, {}));
    try {
      answer = (_req, res) =>
        res.writeHead(307, { location: `${elsewhere.url}/api/v1/race/abc/gpx` }).end();
      const { handlers, main, ctx, gpx } = await setup();
      await handlers['upload-gpx'](
        { path: gpx, video_url: 'abc', offset: 0, authToken: TOKEN },
        ctx,
      );
      expect(elsewhere.received).toEqual([]);
      await api.close();
      await handlers['upload-gpx'](
        { path: gpx, video_url: 'abc', offset: 0, authToken: TOKEN },
        ctx,
      );
      expect(sentOn(main, 'upload-error')).toEqual([
        { message: SERVER_UNREACHABLE_MESSAGE },
        { message: SERVER_UNREACHABLE_MESSAGE },
      ]);
    } finally {
      await elsewhere.close();
    }
  });

  it('calls the API under the server URL’s path when the app is configured with one', async () => {
    const { handlers, main, ctx, gpx } = await setup(`${api.url}/ridealong`);
    await handlers['upload-gpx']({ path: gpx, video_url: 'abc', offset: 3, authToken: TOKEN }, ctx);
    expect(api.received.map((r) => r.url)).toEqual(['/ridealong/api/v1/race/abc/gpx']);
    expect(sentOn(main, 'upload-gpx-finished')).toEqual([{ video_url: 'abc' }]);
  });
});

describe('delete-audio-layer with the page’s token', () => {
  it('posts to the layer’s delete path with the token', async () => {
    const { handlers, main, ctx } = await setup();
    answer = json(200, { status: 'success', message: 'Your recording has been deleted.' });
    await handlers['delete-audio-layer']({ layerId: 7, authToken: TOKEN }, ctx);
    expect(api.received).toEqual([
      { method: 'POST', url: '/api/v1/overlay/7/delete', token: TOKEN, fields: {}, file: null },
    ]);
    expect(sentOn(main, 'upload-error')).toEqual([]);
  });

  it('passes a refusal to the page; without a token it sends nothing', async () => {
    const { handlers, main, ctx } = await setup();
    answer = json(403, {
      status: 'failure',
      message: 'Only the video’s owner can change its voiceovers.',
    });
    await handlers['delete-audio-layer']({ layerId: 8, authToken: TOKEN }, ctx);
    await handlers['delete-audio-layer']({ layerId: 9 }, ctx);
    expect(sentOn(main, 'upload-error')).toEqual([
      { message: 'Only the video’s owner can change its voiceovers.' },
      { message: FILE_MESSAGES_TEXT.layerNeedsToken },
    ]);
    expect(api.received.map((r) => r.url)).toEqual(['/api/v1/overlay/8/delete']);
  });
});

describe('process-and-upload-audio', () => {
  it('says the pages record and save voiceovers, and calls nothing', async () => {
    const { handlers, main, ctx } = await setup();
    await handlers['process-and-upload-audio']({ video_url: 'abc', layers: [1, 2] }, ctx);
    expect(sentOn(main, 'upload-error')).toEqual([{ message: FILE_MESSAGES_TEXT.audioFromPage }]);
    expect(FILE_MESSAGES_TEXT.audioFromPage).not.toMatch(/does not accept|not accept/);
    expect(api.received).toEqual([]);
  });
});
