import { useCallback, useEffect, useState } from 'react';
import type {
  DesktopBridge,
  DesktopEvents,
  DesktopMessages,
  UploaderFile,
} from '@ridealong/contracts';
import { getDesktopBridge } from '../../../lib/bridge';

/** A picked file in the join list: the app's token (never a path) and the member's offsets. */
export type JoinFile = UploaderFile & { startOffset: number | null; endOffset: number | null };

export type UploaderView =
  | { kind: 'choosing' }
  | { kind: 'working'; progress: DesktopEvents['uploader-progress'] }
  | { kind: 'finished'; raceUrl: string };

type VideoFields = DesktopMessages['uploader-start']['video'];

/** Moves item `from` one place up (-1) or down (+1); other moves leave the list as it was. */
export function moveItem<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/** Newly picked files go after the ones already listed (the join order is the list's). */
export function appendPicked(
  list: readonly JoinFile[],
  picked: readonly UploaderFile[],
): JoinFile[] {
  const known = new Set(list.map((f) => f.token));
  const fresh = picked
    .filter((f) => !known.has(f.token))
    .map((f) => ({ ...f, startOffset: null, endOffset: null }));
  return [...list, ...fresh].slice(0, 50);
}

/**
 * The uploader window's side of the bridge: picked files, the app's progress, its errors.
 * The app joins, compresses and uploads; the page hands it the member's token for that.
 */
export function useDesktopUploader(token: string) {
  const [bridge] = useState<DesktopBridge | null>(() => getDesktopBridge());
  const [files, setFiles] = useState<JoinFile[]>([]);
  const [view, setView] = useState<UploaderView>({ kind: 'choosing' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!bridge) return;
    const offs = [
      bridge.on('uploader-files-picked', ({ files: picked }) =>
        setFiles((l) => appendPicked(l, picked)),
      ),
      bridge.on('uploader-progress', (progress) => {
        setView({ kind: 'working', progress });
        if (progress.phase !== 'paused') setError(null);
      }),
      bridge.on('uploader-finished', ({ race_url }) => {
        setError(null);
        setView({ kind: 'finished', raceUrl: race_url });
      }),
      bridge.on('uploader-error', ({ message }) => {
        setError(message);
        // A failed join leaves nothing to resume: back to the list (still there) to fix it.
        setView((v) =>
          v.kind === 'working' && v.progress.phase === 'joining' ? { kind: 'choosing' } : v,
        );
      }),
    ];
    // An upload paused earlier (or before a restart of the app) shows up at once.
    bridge.send('uploader-status', {});
    return () => offs.forEach((off) => off());
  }, [bridge]);

  const start = useCallback(
    (video: VideoFields) => {
      setError(null);
      setView({
        kind: 'working',
        progress: { phase: 'joining', percent: 0, bytesSent: 0, bytesTotal: 0 },
      });
      bridge?.send('uploader-start', {
        files: files.map((f) => ({
          token: f.token,
          startOffset: f.startOffset,
          endOffset: f.endOffset,
        })),
        video,
        authToken: token,
      });
    },
    [bridge, files, token],
  );

  return {
    available: bridge !== null,
    files,
    setFiles,
    view,
    error,
    pick: () => bridge?.send('uploader-pick-files', {}),
    start,
    pause: () => bridge?.send('uploader-pause', {}),
    resume: () => {
      setError(null);
      bridge?.send('uploader-resume', { authToken: token });
    },
    cancel: () => {
      bridge?.send('uploader-cancel', {});
      setError(null);
      setView({ kind: 'choosing' });
    },
    reset: () => {
      setFiles([]);
      setView({ kind: 'choosing' });
    },
  };
}
