import {
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { Center, Container, Loader, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { deviceKindFromUserAgent, type Race } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { parseGroupEntry, type GroupEntry } from '../../../lib/groupEntry';
import { usePageTitle } from '../../../lib/pageTitle';
import { racesKeys } from '../../../lib/queries/keys';
import { useRaceStatus } from '../../../lib/useRaceStatus';
import { useGeneralStore } from '../../../stores/general';
import { useUiStore } from '../../../stores/ui';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { usePlayback } from '../api/usePlayback';
import { useRace } from '../api/useRace';
import { PlayerStage } from '../components/PlayerStage';
import { ProcessingState } from '../components/ProcessingState';
import { VideoTabs, type VideoTabPanels } from '../components/VideoTabs';
import { WebUserNotice } from '../components/WebUserNotice';
import { playbackModeFor, videoView } from '../lib/playback';
import { visibleTabs } from '../lib/tabs';

/** What the page's sound beside the player (features/voiceovers' VideoAudio) is given. */
export type VideoSoundProps = {
  race: Race;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** False in group mode: no voiceovers then. */
  voiceovers: boolean;
};

type VideoPageProps = {
  panels: VideoTabPanels;
  /** The owner's sound switches and the voiceovers, for every viewer (composed by the router). */
  sound?: ComponentType<VideoSoundProps>;
  /** The ads feature's slot, below the player and the tabs (composed by the router). */
  ad?: ReactNode;
};

/** /video/{id}: the player, its overlay buttons and the tabbed area (document 001 section 2). */
export function VideoPage({ panels, sound, ad }: VideoPageProps) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const groupEntry = useMemo(() => parseGroupEntry(params), [params]);
  // A new id is a new page: player, failure flag and edit mode start over; so does entering
  // another event's group ride.
  return (
    <VideoPageContent
      key={`${id}/${groupEntry?.eventId ?? ''}`}
      url={id}
      groupEntry={groupEntry}
      panels={panels}
      sound={sound}
      ad={ad}
    />
  );
}

type VideoPageContentProps = {
  url: string;
  groupEntry: GroupEntry | null;
  /** The tabs of other features (the router composes them in). */
  panels: VideoTabPanels;
  sound?: ComponentType<VideoSoundProps>;
  ad?: ReactNode;
};

function VideoPageContent(props: VideoPageContentProps) {
  const { url, groupEntry, panels, sound: Sound, ad } = props;
  const navigate = useNavigate();
  const client = useQueryClient();
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.user);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const [playerFailed, setPlayerFailed] = useState(false);
  const [grouped, setGrouped] = useState(false);
  const [riding, setRiding] = useState(false);
  // Shared by the player and the tabs (voiceovers play and record against the video's clock).
  const videoRef = useRef<HTMLVideoElement>(null);

  const race = useRace(url);
  const data = race.data ?? null;
  usePageTitle(data?.title ?? 'Video');
  const owner = data !== null && signedIn && String(data.user_id) === user.userId;
  const playback = usePlayback(
    url,
    playbackModeFor({ electronMode, signedIn }),
    data?.status === 'ready',
  );
  const forbidden = playback.error instanceof ApiError && playback.error.status === 403;
  // The owner watches processing: status every 3 s until ready or failed.
  const status = useRaceStatus(data?.url ?? null, owner && data?.status !== 'ready');

  useEffect(() => {
    // Outside the viewer's plan (document 000: /video-upgrade explains and offers plans; the
    // video's url lets it name the plan the video needs).
    if (forbidden)
      void navigate(`/video-upgrade?video=${encodeURIComponent(url)}`, { replace: true });
  }, [forbidden, navigate, url]);

  const polled = status.data?.status;
  useEffect(() => {
    if (data && polled && polled !== data.status && (polled === 'ready' || polled === 'failed')) {
      void client.invalidateQueries({ queryKey: racesKeys.one(url) });
    }
  }, [client, data, polled, url]);

  // Leaving the page leaves edit mode.
  useEffect(() => () => useUiStore.getState().setVideoFormEditable(false), []);

  const view = videoView({
    loading: race.isPending,
    failed: race.isError,
    race: data,
    // A failed background refetch (the URLs' renewal during an outage) keeps the stream playing:
    // only a Playback that never came is the processing state.
    playbackFailed: playerFailed || (playback.isError && !forbidden && playback.data === undefined),
  });
  const tabs = visibleTabs({
    mobileDevice: deviceKindFromUserAgent(navigator.userAgent) === 'mobile',
    electronMode,
    owner,
    admin: user.admin === true,
  });

  if (view.kind === 'loading') {
    return (
      <Center py={80}>
        <Loader aria-label="Loading video" />
      </Center>
    );
  }
  return (
    <Container size="lg" py="lg" data-testid="video-page">
      <Stack gap="lg">
        {view.kind === 'playable' && playback.data ? (
          <>
            <PlayerStage
              race={view.race}
              playback={playback.data}
              onPlaybackError={() => setPlayerFailed(true)}
              groupEntry={groupEntry}
              videoRef={videoRef}
              onGroupChange={setGrouped}
              onRideChange={setRiding}
            />
            {/* Beside the player, not in a tab: voiceovers play whichever tab is open. */}
            {Sound ? (
              <Suspense fallback={null}>
                <Sound
                  race={view.race}
                  videoRef={videoRef}
                  voiceovers={!grouped && groupEntry === null}
                />
              </Suspense>
            ) : null}
          </>
        ) : view.kind === 'playable' ? (
          <Center py={80} bg="dark.8" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Loader color="white" aria-label="Loading video" />
          </Center>
        ) : (
          <ProcessingState owner={owner && data ? { ...data, ...status.data } : null} />
        )}
        {electronMode ? null : <WebUserNotice />}
        {data ? (
          <VideoTabs race={data} owner={owner} tabs={tabs} videoRef={videoRef} panels={panels} />
        ) : null}
        {/* Never during a ride or a group ride (issue 27), nor in a group page's waiting room. */}
        {riding || grouped || groupEntry !== null ? null : ad}
      </Stack>
    </Container>
  );
}
