/**
 * Where the next batch of the channel index starts, or undefined when all are loaded. The
 * count is of channels with videos; rows whose videos vanished are dropped from a batch, so
 * the offset moves by the batch size, not by the rows received.
 */
export function nextChannelStart(start: number, count: number, batch: number): number | undefined {
  const next = start + batch;
  return next < count ? next : undefined;
}
