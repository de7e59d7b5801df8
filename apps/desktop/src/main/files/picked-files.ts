import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** What the member chose: only `gpx` picks may be uploaded as GPX, only `video` picks joined. */
export type PickKind = 'gpx' | 'video';

export interface PickedFile {
  /** Unguessable (24 random bytes): what a page holds instead of the path. */
  readonly token: string;
  readonly path: string;
  readonly kind: PickKind;
}

/**
 * The files the member picked in the app's own open dialog since the app started (memory
 * only). The main process opens a file for a page only when it is here: a path or token a
 * page makes up is refused, whatever it names.
 */
export interface PickedFiles {
  /** Records a path the dialog returned; the same path picked again keeps its token. */
  add(filePath: string, kind: PickKind): PickedFile;
  /** The pick of `token` (of `kind`), if the dialog returned it. */
  byToken(token: string, kind: PickKind): PickedFile | undefined;
  /** The pick of exactly this path (as the dialog returned it), if any. */
  byPath(filePath: string, kind: PickKind): PickedFile | undefined;
}

export function createPickedFiles(
  newToken: () => string = () => randomBytes(24).toString('base64url'),
): PickedFiles {
  const byToken = new Map<string, PickedFile>();
  const byKey = new Map<string, PickedFile>();
  const key = (p: string, kind: PickKind) => `${kind}\u0000${p}`;
  return {
    add(filePath, kind) {
      // The dialog returns absolute paths; anything else is not a pick.
      if (!path.isAbsolute(filePath)) throw new Error('not an absolute path');
      const existing = byKey.get(key(filePath, kind));
      if (existing) return existing;
      const pick: PickedFile = { token: newToken(), path: filePath, kind };
      byToken.set(pick.token, pick);
      byKey.set(key(filePath, kind), pick);
      return pick;
    },
    byToken(token, kind) {
      const pick = byToken.get(token);
      return pick && pick.kind === kind ? pick : undefined;
    },
    // Exact match only: '..', another spelling or a symlink to a pick is not the pick.
    byPath: (filePath, kind) => byKey.get(key(filePath, kind)),
  };
}
