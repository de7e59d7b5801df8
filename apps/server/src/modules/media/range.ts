/** One byte range of a file, inclusive at both ends (as in Content-Range). */
export type ByteRange = { start: number; end: number };

/**
 * Reads a Range header for a file of `size` bytes: null for no (or an ignorable) header, which
 * means the whole file; 'unsatisfiable' for a range outside the file (416). Multiple ranges are
 * answered with the whole file, which RFC 9110 allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const m = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!m) return null;
  const [, from = '', to = ''] = m;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
