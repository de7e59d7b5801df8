import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploads and packaged streams live, addressed by keys such as `uploads/12/0-ab.mp4` or
 * `streams/12-9f3c/master.m3u8`. Local folder today ($DATA_DIR/media); the interface is small so
 * an object store can replace it.
 */
export interface Storage {
  /** Absolute local path of a key (throws StorageKeyError for keys that leave the root). */
  localPath(key: string): string;
  /** Moves a local file in under `key` (rename; copy + delete across file systems). */
  put(key: string, fromFile: string): Promise<void>;
  /** Moves a whole local folder in under `prefix`. */
  putFolder(prefix: string, fromDir: string): Promise<void>;
  /** Size and modification time of a file, or null when there is none. */
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** Reads bytes [start, end] (inclusive, like HTTP ranges) or the whole file. */
  open(key: string, range?: { start: number; end: number }): ReadStream;
  readText(key: string): Promise<string>;
  /** Removes one file or a folder with everything below it; missing keys are fine. */
  remove(key: string): Promise<void>;
  /** Removes a folder only if it is empty (left behind after its files were removed). */
  removeIfEmpty(key: string): Promise<void>;
  /** A fresh scratch folder on the same file system (so put/putFolder are renames). */
  tempDir(prefix: string): Promise<string>;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

/** Keys are relative, '/'-separated, without '.', '..' or empty segments. */
export function assertKey(key: string): void {
  const parts = key.split('/');
  const bad =
    key.length === 0 ||
    key.includes('\\') ||
    key.includes('\0') ||
    parts.some((p) => p === '' || p === '.' || p === '..');
  if (bad) throw new StorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
}

export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  const localPath = (key: string) => {
    assertKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new StorageKeyError(`key outside storage: ${key}`);
    return full;
  };
  const move = async (from: string, to: string, isDir: boolean) => {
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      if (isDir) await cp(from, to, { recursive: true });
      else await copyFile(from, to);
      await rm(from, { recursive: true, force: true });
    }
  };
  return {
    localPath,
    put: (key, fromFile) => move(fromFile, localPath(key), false),
    putFolder: (prefix, fromDir) => move(fromDir, localPath(prefix), true),
    async stat(key) {
      try {
        const s = await stat(localPath(key));
        return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    open: (key, range) => createReadStream(localPath(key), range),
    readText: (key) => readFile(localPath(key), 'utf8'),
    remove: (key) => rm(localPath(key), { recursive: true, force: true }),
    async removeIfEmpty(key) {
      try {
        await rmdir(localPath(key));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
      }
    },
    async tempDir(prefix) {
      const dir = path.join(base, 'tmp');
      await mkdir(dir, { recursive: true });
      return mkdtemp(path.join(dir, `${prefix}-`));
    },
  };
}
