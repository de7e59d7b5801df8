import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createMediaRunner } from '@ridealong/media';
import { fakeFactory, fakeLogger, type FakeWindow } from '../../../test/fakes.js';
import { createPickedFiles } from '../files/picked-files.js';
import { createWindowRegistry } from '../window-registry.js';
import { uploaderHandlers, uploaderUrl } from './handlers.js';
import type { UploaderSession } from './session.js';

// The repository's GoPro fixture (packages/media/test/fixtures/README.md).
const FIXTURE = fileURLToPath(
  new URL('../../../../../packages/media/test/fixtures/gopro-max-heromode.mp4', import.meta.url),
);
const SERVER = 'http://localhost:8181';
const video = {
  name: 'Morning ride',
  description: '',
  search_visible: true,
  channel_visible: true,
};

function setup(answers: string[][] = []) {
  const windows = createWindowRegistry(fakeFactory(), {
    allowNavigation: () => true,
    onWindowOpen: () => undefined,
  });
  const main = windows.open('main').window as FakeWindow;
  const picked = createPickedFiles();
  const session = {
    start: vi.fn(async () => undefined),
    pause: vi.fn(async () => undefined),
    resume: vi.fn(async () => undefined),
    cancel: vi.fn(async () => undefined),
    status: vi.fn(async () => undefined),
    inUse: vi.fn(async () => []),
    dispose: vi.fn(async () => undefined),
  } satisfies UploaderSession;
  const handlers = uploaderHandlers({
    windows,
    serverUrl: SERVER,
    system: { showOpenDialog: async () => answers.shift() ?? [] },
    picked,
    session,
    runner: createMediaRunner(),
    log: fakeLogger(),
  });
  const ctxOf = (window: FakeWindow) => ({
    window,
    sender: { webContentsId: window.id, frameUrl: `${SERVER}/desktop-uploader`, isMainFrame: true },
  });
  return { windows, main, picked, session, handlers, ctxOf };
}

describe('uploaderHandlers', () => {
  it('opens the uploader window once and focuses it after', async () => {
    const { handlers, windows, main, ctxOf } = setup();
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    const uploader = windows.get('uploader') as FakeWindow;
    expect(uploader.loads).toEqual([uploaderUrl(SERVER)]);
    expect(uploader.loads[0]).toBe('http://localhost:8181/desktop-uploader?electronMode=true');
  });

  it('answers the dialog’s files as tokens with names, sizes and durations, never paths', async () => {
    const { handlers, windows, main, ctxOf, picked } = setup([[FIXTURE]]);
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    const uploader = windows.get('uploader') as FakeWindow;
    await handlers['uploader-pick-files']({}, ctxOf(uploader));
    const [event] = uploader.sent;
    expect(event?.channel).toBe('uploader-files-picked');
    const files = (
      event?.payload as { files: { token: string; name: string; size: number; duration: number }[] }
    ).files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'gopro-max-heromode.mp4', size: 3_680_760 });
    expect(files[0]?.duration).toBeCloseTo(10.517, 2);
    expect(JSON.stringify(event?.payload)).not.toContain('/fixtures/');
    expect(picked.byToken(files[0]?.token ?? '', 'video')?.path).toBe(FIXTURE);
  });

  it('starts with the picked paths in the page’s order and offsets', async () => {
    const { handlers, windows, main, ctxOf, picked, session } = setup();
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    const uploader = windows.get('uploader') as FakeWindow;
    const a = picked.add('/v/a.mp4', 'video');
    const b = picked.add('/v/b.mp4', 'video');
    await handlers['uploader-start'](
      {
        files: [
          { token: b.token, startOffset: 2, endOffset: null },
          { token: a.token, startOffset: null, endOffset: 1.5 },
        ],
        video,
        authToken: 't',
      },
      ctxOf(uploader),
    );
    expect(session.start).toHaveBeenCalledWith(
      [
        { path: '/v/b.mp4', startOffsetS: 2, endOffsetS: null },
        { path: '/v/a.mp4', startOffsetS: null, endOffsetS: 1.5 },
      ],
      video,
      't',
    );
  });

  it('refuses tokens the dialog never gave (or of a GPX pick), and messages from other windows', async () => {
    const { handlers, windows, main, ctxOf, picked, session } = setup();
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    const uploader = windows.get('uploader') as FakeWindow;
    const gpx = picked.add('/v/route.gpx', 'gpx');
    for (const token of ['made-up', gpx.token]) {
      await handlers['uploader-start'](
        { files: [{ token, startOffset: null, endOffset: null }], video, authToken: 't' },
        ctxOf(uploader),
      );
    }
    expect(uploader.sent.map((s) => s.channel)).toEqual(['uploader-error', 'uploader-error']);
    const v = picked.add('/v/a.mp4', 'video');
    await handlers['uploader-start'](
      { files: [{ token: v.token, startOffset: null, endOffset: null }], video, authToken: 't' },
      ctxOf(main),
    );
    await handlers['uploader-pause']({}, ctxOf(main));
    await handlers['uploader-resume']({ authToken: 't' }, ctxOf(main));
    await handlers['uploader-cancel']({}, ctxOf(main));
    await handlers['uploader-status']({}, ctxOf(main));
    expect(session.start).not.toHaveBeenCalled();
    expect(session.pause).not.toHaveBeenCalled();
    expect(session.resume).not.toHaveBeenCalled();
    expect(session.cancel).not.toHaveBeenCalled();
    expect(session.status).not.toHaveBeenCalled();
  });

  it('routes pause, resume, cancel and status from the uploader window', async () => {
    const { handlers, windows, main, ctxOf, session } = setup();
    await handlers['open-transcoder']({ userId: 1 }, ctxOf(main));
    const ctx = ctxOf(windows.get('uploader') as FakeWindow);
    await handlers['uploader-pause']({}, ctx);
    await handlers['uploader-resume']({ authToken: 'tok' }, ctx);
    await handlers['uploader-cancel']({}, ctx);
    await handlers['uploader-status']({}, ctx);
    expect(session.resume).toHaveBeenCalledWith('tok');
    expect([session.pause, session.cancel, session.status].map((f) => f.mock.calls.length)).toEqual(
      [1, 1, 1],
    );
  });
});
