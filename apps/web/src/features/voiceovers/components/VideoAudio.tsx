import { useCallback, useRef, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OverlayLayer, Race } from '@ridealong/contracts';
import { layersForVideoQuery } from '../api/queries';
import { useLayerPlayback, type PlayableLayer } from '../hooks/useLayerPlayback';
import { useSoundtrackSwitch } from '../hooks/useSoundtrackSwitch';

/** A layer whose audio failed to load is asked for again at most this often (signed URLs). */
const RELOAD_AFTER_ERROR_MS = 60_000;
const NONE: PlayableLayer[] = [];

const playable = (layers: OverlayLayer[]): PlayableLayer[] =>
  layers.filter((l) => l.type === 'SAVED' && l.status === 'ready' && l.url !== '');

export type VideoAudioProps = {
  race: Race;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** False during a group ride: everyone rides to the same sound, without voiceovers. */
  voiceovers: boolean;
};

/**
 * The video page's sound beside the player, for every viewer: the owner's 'video audio'
 * switch, and the saved voiceovers playing in their ranges (unless the owner switched them
 * off). Mounted with the player, not in the Voiceover tab, so they play whichever tab is open.
 */
export function VideoAudio({ race, videoRef, voiceovers }: VideoAudioProps) {
  useSoundtrackSwitch(videoRef, race.mute_video_audio);
  if (!voiceovers || race.mute_overlay_audio) return null;
  return <VoiceoverAudio raceUrl={race.url} videoRef={videoRef} />;
}

function VoiceoverAudio({
  raceUrl,
  videoRef,
}: {
  raceUrl: string;
  videoRef: RefObject<HTMLVideoElement | null>;
}) {
  // Once per page: a video's layers change only when its owner saves, deletes or mutes them,
  // and those refresh this query (voiceoversKeys.all).
  const query = useQuery({
    ...layersForVideoQuery(raceUrl),
    staleTime: Infinity,
    select: playable,
  });
  const { refetch } = query;
  const layers = query.data ?? NONE;
  const audioRef = useRef<HTMLAudioElement>(null);
  const lastReload = useRef(0);
  const onAudioError = useCallback(() => {
    if (Date.now() - lastReload.current < RELOAD_AFTER_ERROR_MS) return;
    lastReload.current = Date.now();
    void refetch();
  }, [refetch]);
  useLayerPlayback(videoRef, audioRef, layers, onAudioError);

  if (layers.length === 0) return null;
  // Hidden: the video's own controls govern it (its volume and mute apply to voiceovers too).
  return <audio ref={audioRef} data-testid="voiceover-audio" preload="auto" hidden />;
}
