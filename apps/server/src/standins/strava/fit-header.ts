import { open } from 'node:fs/promises';

/**
 * A FIT file starts with its header: byte 0 the header size (12, or 14 with a CRC), bytes 8-11
 * the ASCII '.FIT'. The stand-in checks no more than that (Strava parses the whole file).
 */
export function isFitHeader(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  if (head[0] !== 12 && head[0] !== 14) return false;
  return Buffer.from(head.subarray(8, 12)).toString('latin1') === '.FIT';
}

/** Whether the file at `file` starts with a FIT header. */
export async function fileIsFit(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    return isFitHeader(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
