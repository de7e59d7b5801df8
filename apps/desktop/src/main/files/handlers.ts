import { lstat, readFile } from 'node:fs/promises';
import path from 'node:path';
import { GpxParseError, parseGpx } from '@ridealong/media';
import type { AppPaths, Logger, MessageContext, MessageHandlers, SystemPorts } from '../ports.js';
import { DownloadRefusedError, downloadInto, serverUrlOnly } from './download.js';
import type { PickedFiles } from './picked-files.js';
import { purgeTempFolder } from './temp-folder.js';

export type FileMessages =
  | 'pick-gpx-file'
  | 'upload-gpx'
  | 'download-audio'
  | 'process-and-upload-audio'
  | 'delete-audio-layer'
  | 'purge-temp';

export interface FileDeps {
  picked: PickedFiles;
  system: Pick<SystemPorts, 'showOpenDialog'>;
  paths: AppPaths;
  /** The server's origin (DesktopConfig.origin): the only place audio is downloaded from. */
  origin: string;
  fetch: typeof fetch;
  log: Logger;
  /** Entries of paths.temp still in use (the uploader's paused upload); purge-temp spares them. */
  tempInUse?: () => Promise<string[]>;
}

/** A GPX track of a few hours at one point a second is a few MB; this is far beyond. */
export const MAX_GPX_BYTES = 50 * 1024 * 1024;
/** The audio download's folder inside paths.temp. */
export const AUDIO_FOLDER = 'audio';

/** A video's url as the server makes them (routes /video/:url). */
const VIDEO_URL = /^[A-Za-z0-9_-]{1,255}$/;

export const FILE_MESSAGES_TEXT = {
  notPicked: 'Choose the GPX file with the app’s own file dialog first.',
  notGpx: 'This file is not a GPX track with timed points.',
  tooLarge: 'This GPX file is too large.',
  badVideo: 'This video cannot take a GPX file.',
  // apps/server has no GPX, voiceover or layer endpoint yet (document 001's owner tools).
  noGpxEndpoint: 'The server does not accept GPX files yet, so the slope was not changed.',
  noAudioEndpoint: 'The server does not accept voiceovers yet, so nothing was saved.',
  noLayerEndpoint: 'The server does not manage voiceover layers yet, so nothing was deleted.',
  audioNotServer: 'The app downloads audio from its own server only.',
  ownerToolsMainWindow: 'Owner tools work in the main window only.',
} as const;

/**
 * The owner tools' file messages. Files a page names are opened only when the member picked
 * them in the app's own dialog since the app started (PickedFiles); downloads come from the
 * app's server only, into the app's temporary folder; purge-temp empties that folder only.
 */
export function fileHandlers(deps: FileDeps): Pick<MessageHandlers, FileMessages> {
  const { log } = deps;
  const fail = (ctx: MessageContext, message: string, why: string) => {
    log.warn(`owner tools: ${why}`);
    if (!ctx.window.isDestroyed()) ctx.window.send('upload-error', { message });
  };
  const mainOnly = (ctx: MessageContext, channel: string) => {
    if (ctx.window.kind === 'main') return true;
    fail(
      ctx,
      FILE_MESSAGES_TEXT.ownerToolsMainWindow,
      `${channel} from the ${ctx.window.kind} window`,
    );
    return false;
  };

  return {
    'pick-gpx-file': async (_payload, ctx) => {
      const [chosen] = await deps.system.showOpenDialog(ctx.window, {
        title: 'Choose a GPX file',
        filters: [{ name: 'GPX tracks', extensions: ['gpx'] }],
        multiple: false,
      });
      // Only .gpx files can be chosen (document 001): the filter is a hint, this is the rule.
      const ok = chosen !== undefined && path.extname(chosen).toLowerCase() === '.gpx';
      if (ok) deps.picked.add(chosen, 'gpx');
      ctx.window.send('gpx-file-picked', { path: ok ? chosen : null });
    },

    'upload-gpx': async ({ path: filePath, video_url: videoUrl }, ctx) => {
      if (!mainOnly(ctx, 'upload-gpx')) return;
      const pick = deps.picked.byPath(filePath, 'gpx');
      if (!pick) return fail(ctx, FILE_MESSAGES_TEXT.notPicked, 'upload-gpx of a path not picked');
      if (!VIDEO_URL.test(videoUrl)) return fail(ctx, FILE_MESSAGES_TEXT.badVideo, 'bad video_url');
      const check = await readGpx(pick.path);
      if (!check.ok) return fail(ctx, check.message, `upload-gpx: ${check.message}`);
      fail(
        ctx,
        FILE_MESSAGES_TEXT.noGpxEndpoint,
        `upload-gpx: ${check.points} points, no endpoint`,
      );
    },

    'download-audio': async ({ url }, ctx) => {
      if (!mainOnly(ctx, 'download-audio')) return;
      const checked = serverUrlOnly(url, deps.origin);
      if (!checked) return fail(ctx, FILE_MESSAGES_TEXT.audioNotServer, 'audio URL not the server');
      try {
        const file = await downloadInto(
          deps.fetch,
          checked,
          path.join(deps.paths.temp, AUDIO_FOLDER),
        );
        log.info(`download-audio: saved ${path.basename(file)}`);
      } catch (err) {
        const reason = err instanceof DownloadRefusedError ? err.message : 'The download failed.';
        fail(ctx, `The audio could not be downloaded. ${reason}`, `download-audio: ${String(err)}`);
      }
    },

    'process-and-upload-audio': ({ video_url: videoUrl, layers }, ctx) => {
      if (!mainOnly(ctx, 'process-and-upload-audio')) return;
      if (!VIDEO_URL.test(videoUrl) || new Set(layers).size !== layers.length) {
        return fail(ctx, FILE_MESSAGES_TEXT.badVideo, 'process-and-upload-audio: bad payload');
      }
      fail(ctx, FILE_MESSAGES_TEXT.noAudioEndpoint, 'process-and-upload-audio: no endpoint');
    },

    'delete-audio-layer': (_payload, ctx) => {
      if (!mainOnly(ctx, 'delete-audio-layer')) return;
      fail(ctx, FILE_MESSAGES_TEXT.noLayerEndpoint, 'delete-audio-layer: no endpoint');
    },

    'purge-temp': async () => {
      const removed = await purgeTempFolder(deps.paths.temp, (await deps.tempInUse?.()) ?? []);
      log.info(`purge-temp: removed ${removed} entries`);
    },
  };
}

type GpxCheck = { ok: true; points: number } | { ok: false; message: string };

/** The picked file as it is now: still a regular file (not swapped for a link), bounded, a GPX. */
async function readGpx(filePath: string): Promise<GpxCheck> {
  try {
    const info = await lstat(filePath);
    if (!info.isFile()) return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
    if (info.size > MAX_GPX_BYTES) return { ok: false, message: FILE_MESSAGES_TEXT.tooLarge };
    const points = parseGpx(await readFile(filePath, 'utf8')).filter((p) => p.timeMs !== null);
    return points.length >= 2
      ? { ok: true, points: points.length }
      : { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
  } catch (err) {
    if (err instanceof GpxParseError || (err as NodeJS.ErrnoException).code) {
      return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
    }
    throw err;
  }
}
