/** The parts of a media element playWhenReady uses (a test passes a double). */
export type PlayableMedia = Pick<
  HTMLMediaElement,
  'play' | 'readyState' | 'paused' | 'addEventListener' | 'removeEventListener'
>;

const HAVE_FUTURE_DATA = 3;

/**
 * Plays now and, while the stream is still being attached, once more when it can play: the
 * player setting the element's source runs the media load algorithm, which drops a play() asked
 * for before it (the pending promise rejects with AbortError and the element stays paused). A
 * pause by the viewer in between cancels the second ask.
 */
export function playWhenReady(media: PlayableMedia): void {
  void media.play().catch(() => undefined);
  if (media.readyState >= HAVE_FUTURE_DATA) return;
  const again = () => {
    media.removeEventListener('pause', cancel);
    if (media.paused) void media.play().catch(() => undefined);
  };
  const cancel = () => media.removeEventListener('canplay', again);
  media.addEventListener('canplay', again, { once: true });
  media.addEventListener('pause', cancel, { once: true });
}
