import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { UploaderFile } from '@ridealong/contracts';
import { type MediaRunner, probe } from '@ridealong/media';
import type { PickedFiles } from '../files/picked-files.js';
import type { Logger, MessageHandlers, SystemPorts } from '../ports.js';
import type { WindowRegistry } from '../window-registry.js';
import type { UploaderSession } from './session.js';

export type UploaderMessages =
  | 'open-transcoder'
  | 'uploader-pick-files'
  | 'uploader-start'
  | 'uploader-pause'
  | 'uploader-resume'
  | 'uploader-cancel'
  | 'uploader-status';

/** The uploader window's page of the web app. */
export const UPLOADER_PATH = '/desktop-uploader';

/** Camera video containers (the dialog's filter; files are judged by probing). */
export const VIDEO_EXTENSIONS = [
  'mp4',
  'MP4',
  'mov',
  'MOV',
  'm4v',
  'mkv',
  'avi',
  'mts',
  'MTS',
  'm2ts',
  'webm',
];

export interface UploaderDeps {
  windows: Pick<WindowRegistry, 'open' | 'get'>;
  /** DesktopConfig.serverUrl. */
  serverUrl: string;
  system: Pick<SystemPorts, 'showOpenDialog'>;
  picked: PickedFiles;
  session: UploaderSession;
  runner: MediaRunner;
  log: Logger;
}

/** The uploader window's URL (desktop mode, like the main window's). */
export const uploaderUrl = (serverUrl: string) => `${serverUrl}${UPLOADER_PATH}?electronMode=true`;

/**
 * Upload Videos: the uploader window, its file dialog (the page gets tokens, never paths),
 * and the session's start, pause, resume and cancel. Only the uploader window may drive it.
 */
export function uploaderHandlers(deps: UploaderDeps): Pick<MessageHandlers, UploaderMessages> {
  const { log, session } = deps;
  const fromUploader = (kind: string, channel: string) => {
    if (kind === 'uploader') return true;
    log.warn(`uploader: ${channel} refused from the ${kind} window`);
    return false;
  };

  return {
    'open-transcoder': async () => {
      const { window, created } = deps.windows.open('uploader');
      if (!created) return;
      try {
        await window.load(uploaderUrl(deps.serverUrl));
      } catch (err) {
        log.warn(
          `uploader: the window could not load: ${err instanceof Error ? err.message : String(err)}`,
        );
        if (!window.isDestroyed()) window.close();
      }
    },

    'uploader-pick-files': async (_payload, ctx) => {
      if (!fromUploader(ctx.window.kind, 'uploader-pick-files')) return;
      const paths = await deps.system.showOpenDialog(ctx.window, {
        title: 'Choose the camera files, in join order',
        filters: [{ name: 'Videos', extensions: VIDEO_EXTENSIONS }],
        multiple: true,
      });
      const files = await Promise.all(paths.slice(0, 50).map((p) => describe(p, deps)));
      ctx.window.send('uploader-files-picked', { files });
    },

    'uploader-start': async ({ files, video, authToken }, ctx) => {
      if (!fromUploader(ctx.window.kind, 'uploader-start')) return;
      const requests = files.map((f) => ({ pick: deps.picked.byToken(f.token, 'video'), f }));
      if (requests.some((r) => !r.pick)) {
        log.warn('uploader: uploader-start with a token the dialog never gave');
        ctx.window.send('uploader-error', {
          message: 'Choose the files again with the app’s file dialog.',
        });
        return;
      }
      await session.start(
        requests.map(({ pick, f }) => ({
          path: (pick as { path: string }).path,
          startOffsetS: f.startOffset,
          endOffsetS: f.endOffset,
        })),
        video,
        authToken,
      );
    },

    'uploader-pause': async (_payload, ctx) => {
      if (fromUploader(ctx.window.kind, 'uploader-pause')) await session.pause();
    },
    'uploader-resume': async ({ authToken }, ctx) => {
      if (fromUploader(ctx.window.kind, 'uploader-resume')) await session.resume(authToken);
    },
    'uploader-cancel': async (_payload, ctx) => {
      if (fromUploader(ctx.window.kind, 'uploader-cancel')) await session.cancel();
    },
    'uploader-status': async (_payload, ctx) => {
      if (fromUploader(ctx.window.kind, 'uploader-status')) await session.status();
    },
  };
}

/** A picked file as the page sees it: a token, its name, size and length (ffprobe). */
async function describe(filePath: string, deps: UploaderDeps): Promise<UploaderFile> {
  const { token } = deps.picked.add(filePath, 'video');
  const size = await stat(filePath).then(
    (s) => s.size,
    () => 0,
  );
  const duration = await probe(filePath, deps.runner).then(
    (p) => (p.durationS > 0 ? p.durationS : null),
    () => null,
  );
  return { token, name: path.basename(filePath), size, duration };
}
