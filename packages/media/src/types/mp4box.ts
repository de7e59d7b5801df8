/**
 * The part of mp4box's ISOFile that gpmf-extract hands to a Node file reader. gpmf-extract's own
 * declaration types appendBuffer as (Buffer) => void; in fact it takes an ArrayBuffer tagged
 * with its file offset and returns the offset it wants next (how a reader skips the big mdat).
 */
export interface Mp4BoxFile {
  appendBuffer(buffer: ArrayBuffer & { fileStart: number }): number | undefined;
  flush(): void;
}
