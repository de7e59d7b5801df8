import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertKey, localStorage, StorageKeyError, type Storage } from './storage.js';

let root = '';
let storage: Storage;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ra-storage-'));
  storage = localStorage(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const text = async (stream: NodeJS.ReadableStream) => {
  let s = '';
  for await (const chunk of stream) s += String(chunk);
  return s;
};

describe('localStorage', () => {
  it('moves files and folders in, reads, ranges, stats and removes them', async () => {
    const tmp = await storage.tempDir('t');
    expect(tmp.startsWith(path.join(root, 'tmp'))).toBe(true);
    await writeFile(path.join(tmp, 'a.txt'), 'hello world');
    await storage.put('uploads/1/0-a', path.join(tmp, 'a.txt'));
    expect(await storage.readText('uploads/1/0-a')).toBe('hello world');
    expect((await storage.stat('uploads/1/0-a'))?.size).toBe(11);
    expect(await text(storage.open('uploads/1/0-a', { start: 6, end: 10 }))).toBe('world');

    const out = await storage.tempDir('out');
    await writeFile(path.join(out, 'master.m3u8'), '#EXTM3U');
    await storage.putFolder('streams/1-abc', out);
    expect(await readFile(storage.localPath('streams/1-abc/master.m3u8'), 'utf8')).toBe('#EXTM3U');

    await storage.remove('streams/1-abc');
    await storage.removeIfEmpty('uploads/1');
    expect(await storage.readText('uploads/1/0-a')).toBe('hello world');
    await storage.remove('uploads/1/0-a');
    await storage.removeIfEmpty('uploads/1');
    await storage.removeIfEmpty('uploads/1');
    expect(existsSync(storage.localPath('uploads/1'))).toBe(false);
    await storage.remove('uploads/nothing-here');
    expect(await storage.stat('streams/1-abc/master.m3u8')).toBeNull();
    expect(await storage.stat('uploads/1/0-a')).toBeNull();
  });

  it('refuses keys that leave the folder', () => {
    for (const key of ['', '../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', './a']) {
      expect(() => assertKey(key)).toThrow(StorageKeyError);
      expect(() => storage.localPath(key)).toThrow(StorageKeyError);
    }
    expect(() => assertKey('streams/12-ab/thumbs/thumb-00001.jpg')).not.toThrow();
  });
});
