import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import path from 'node:path';
import { GpxParseError, parseGpx } from '@ridealong/media';
import type { AppPaths, Logger, MessageContext, MessageHandlers, SystemPorts } from '../ports.js';
import { ServerApiError } from '../uploader/server-api.js';
import { DownloadRefusedError, downloadInto, serverUrlOnly } from './download.js';
import { deleteVoiceoverLayer, OWNER_API_FALLBACK_MESSAGE, uploadGpxFile } from './owner-api.js';
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
  /** DesktopConfig.serverUrl: the API the owner tools call (as the uploader's server-api.ts). */
  serverUrl: string;
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
  // A v1 page sends no session token, and the main process has none of its own.
  gpxNeedsToken:
    'Reload the page and upload the GPX file again: this version of the app needs the updated page to send it.',
  layerNeedsToken:
    'Reload the page and delete the voiceover again: this version of the app needs the updated page to do it.',
  audioFromPage:
    'This app’s pages record and save voiceovers themselves: reload the page and record yours there.',
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
  const refused = (ctx: MessageContext, err: unknown, why: string) => {
    const message = err instanceof ServerApiError ? err.message : OWNER_API_FALLBACK_MESSAGE;
    const status = err instanceof ServerApiError ? err.status : null;
    fail(ctx, message, `${why}: server answered ${status ?? 'nothing'}`);
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

    'upload-gpx': async ({ path: filePath, video_url: videoUrl, offset, authToken }, ctx) => {
      if (!mainOnly(ctx, 'upload-gpx')) return;
      const pick = deps.picked.byPath(filePath, 'gpx');
      if (!pick) return fail(ctx, FILE_MESSAGES_TEXT.notPicked, 'upload-gpx of a path not picked');
      if (!VIDEO_URL.test(videoUrl)) return fail(ctx, FILE_MESSAGES_TEXT.badVideo, 'bad video_url');
      const check = await readGpx(pick.path);
      if (!check.ok) return fail(ctx, check.message, `upload-gpx: ${check.message}`);
      if (!authToken) return fail(ctx, FILE_MESSAGES_TEXT.gpxNeedsToken, 'upload-gpx: no token');
      try {
        await uploadGpxFile(deps.fetch, deps.serverUrl, authToken, {
          videoUrl,
          fileName: path.basename(pick.path),
          bytes: check.bytes,
          offset,
        });
      } catch (err) {
        return refused(ctx, err, 'upload-gpx');
      }
      log.info(`upload-gpx: ${check.points} points sent`);
      if (!ctx.window.isDestroyed())
        ctx.window.send('upload-gpx-finished', { video_url: videoUrl });
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
      // The page records and uploads voiceovers itself (POST /overlay/upload/{raceId}).
      fail(ctx, FILE_MESSAGES_TEXT.audioFromPage, 'process-and-upload-audio from a v1 page');
    },

    'delete-audio-layer': async ({ layerId, authToken }, ctx) => {
      if (!mainOnly(ctx, 'delete-audio-layer')) return;
      if (!authToken) {
        return fail(ctx, FILE_MESSAGES_TEXT.layerNeedsToken, 'delete-audio-layer: no token');
      }
      try {
        await deleteVoiceoverLayer(deps.fetch, deps.serverUrl, authToken, layerId);
      } catch (err) {
        return refused(ctx, err, 'delete-audio-layer');
      }
      log.info(`delete-audio-layer: layer ${layerId} deleted`);
    },

    'purge-temp': async () => {
      const removed = await purgeTempFolder(deps.paths.temp, (await deps.tempInUse?.()) ?? []);
      log.info(`purge-temp: removed ${removed} entries`);
    },
  };
}

type GpxCheck =
  { ok: true; points: number; bytes: Uint8Array<ArrayBuffer> } | { ok: false; message: string };

// Where the platform has it (not Windows), opening refuses a link swapped in after lstat.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * The picked file as it is now: still a regular file (not swapped for a link), bounded, a GPX.
 * Its bytes are read once and are what upload-gpx sends.
 */
async function readGpx(filePath: string): Promise<GpxCheck> {
  try {
    const info = await lstat(filePath);
    if (!info.isFile()) return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
    if (info.size > MAX_GPX_BYTES) return { ok: false, message: FILE_MESSAGES_TEXT.tooLarge };
    const handle = await open(filePath, constants.O_RDONLY | NO_FOLLOW);
    let bytes: Buffer;
    try {
      const opened = await handle.stat();
      if (!opened.isFile()) return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
      if (opened.size > MAX_GPX_BYTES) return { ok: false, message: FILE_MESSAGES_TEXT.tooLarge };
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    if (bytes.length > MAX_GPX_BYTES) return { ok: false, message: FILE_MESSAGES_TEXT.tooLarge };
    const points = parseGpx(bytes.toString('utf8')).filter((p) => p.timeMs !== null);
    if (points.length < 2) return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
    // A copy on a plain ArrayBuffer, as Blob takes (at most MAX_GPX_BYTES).
    return { ok: true, points: points.length, bytes: new Uint8Array(bytes) };
  } catch (err) {
    if (err instanceof GpxParseError || (err as NodeJS.ErrnoException).code) {
      return { ok: false, message: FILE_MESSAGES_TEXT.notGpx };
    }
    throw err;
  }
}
