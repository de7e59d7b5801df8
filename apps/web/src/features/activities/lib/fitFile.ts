/**
 * The file name a FIT download is saved under: Content-Disposition's filename* (RFC 5987,
 * percent-encoded UTF-8) wins over filename; without either, the fallback. Path parts are
 * dropped so a name cannot point outside the downloads folder.
 */
export function filenameFromContentDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined; // malformed percent-encoding: try the plain filename
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    name = plain ? (plain[2]?.replace(/\\(.)/g, '$1') ?? plain[1]?.trim()) : undefined;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : fallback;
}

/** The name used when the server gives none. */
export function defaultFitFilename(trackId: number): string {
  return `ridealong-activity-${trackId}.fit`;
}
