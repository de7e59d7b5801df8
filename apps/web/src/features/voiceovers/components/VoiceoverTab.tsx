import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Alert, Center, Divider, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Race } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { useUserStore } from '../../../stores/user';
import { layersForVideoQuery, ownerLayersQuery } from '../api/queries';
import { useLayerDialogs } from '../hooks/useLayerDialogs';
import { useVideoClock } from '../hooks/useVideoClock';
import { useVoiceRecorder } from '../hooks/useVoiceRecorder';
import { listLayers } from '../lib/listedLayers';
import { VOICEOVER_TEXT, webMuteNotice } from '../lib/messages';
import {
  recordBlock,
  recordingRoom,
  unsavedLayerFrom,
  type Recording,
  type UnsavedLayer,
} from '../lib/recording';
import { AudioSwitches } from './AudioSwitches';
import { LayerList } from './LayerList';
import { RecorderPanel } from './RecorderPanel';
import { UnsavedLeaveGuard } from './UnsavedLeaveGuard';

export type VoiceoverTabProps = {
  race: Race;
  /** The signed-in member owns the video. */
  owner: boolean;
  /** The page's player. */
  videoRef: RefObject<HTMLVideoElement | null>;
};

/**
 * The Voiceover tab (document 001 sections 2 and 4). Everyone sees the video's voiceovers with
 * their waveforms. The owner (or an admin) in the desktop app records takes against the video,
 * keeps them UNSAVED in the page until Save, deletes either kind and sets the two audio
 * switches; on the web the owner is pointed to the desktop app.
 */
export function VoiceoverTab({ race, owner, videoRef }: VoiceoverTabProps) {
  const admin = useUserStore((s) => s.user.admin === true);
  const electronMode = useGeneralStore((s) => s.electronMode);
  const manager = owner || admin;
  const tools = manager && electronMode;

  const ownerList = useQuery({ ...ownerLayersQuery(race.url, race.user_id), enabled: manager });
  const publicList = useQuery({ ...layersForVideoQuery(race.url), enabled: !manager });
  const list = manager ? ownerList : publicList;
  useEffect(() => {
    if (list.error) console.error('The voiceovers could not be loaded', list.error);
  }, [list.error]);

  const clock = useVideoClock(videoRef, tools);
  const videoDuration =
    Number.isFinite(clock.duration) && clock.duration > 0 ? clock.duration : race.duration;

  const [unsaved, setUnsaved] = useState<UnsavedLayer[]>([]);
  const [tooShort, setTooShort] = useState(false);
  const nextKey = useRef(0);
  const onRecorded = useCallback(
    (rec: Recording) => {
      nextKey.current += 1;
      const layer = unsavedLayerFrom(rec, videoDuration, `unsaved-${nextKey.current}`);
      setTooShort(layer === null);
      if (layer) setUnsaved((u) => [...u, layer]);
    },
    [videoDuration],
  );
  const recorder = useVoiceRecorder(onRecorded);
  const drop = useCallback(
    (keys: ReadonlySet<string>) => setUnsaved((u) => u.filter((l) => !keys.has(l.key))),
    [],
  );
  const dialogs = useLayerDialogs({
    raceUrl: race.url,
    ownerId: race.user_id,
    unsaved,
    drop,
  });

  const saved = useMemo(() => list.data ?? [], [list.data]);
  const rows = useMemo(() => listLayers(saved, unsaved), [saved, unsaved]);
  // Saved and unsaved alike: a new take must not run into either.
  const taken = useMemo(() => rows.map((r) => r.layer), [rows]);
  const block = recordBlock(taken, clock.time, videoDuration);

  const record = () => {
    const video = clock.video;
    if (!video || block !== null) return;
    setTooShort(false);
    void recorder.start(
      video,
      video.currentTime + recordingRoom(taken, video.currentTime, videoDuration),
    );
  };
  const skip = (seconds: number) => {
    if (clock.video) clock.video.currentTime = seconds;
  };

  if (list.isPending && list.fetchStatus !== 'idle') {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading voiceovers" />
      </Center>
    );
  }
  const muteNotice = webMuteNotice(race);
  return (
    <Stack gap="md" data-testid="voiceover-tab">
      {tools ? (
        <>
          <RecorderPanel
            phase={recorder.phase}
            block={block}
            noVideo={clock.video === null}
            problem={recorder.problem ?? (tooShort ? 'The recording was too short to keep.' : null)}
            videoDuration={videoDuration}
            unsavedCount={unsaved.length}
            saving={dialogs.saving}
            onRecord={record}
            onStop={recorder.stop}
            onSkip={skip}
            onSave={dialogs.confirmSave}
          />
          <AudioSwitches race={race} playerMuted={clock.muted} />
          <Divider />
        </>
      ) : manager ? (
        <Alert color="blue" title="Voiceovers" data-testid="voiceover-desktop-only">
          {VOICEOVER_TEXT.desktopToRecord}
          {muteNotice ? ` ${muteNotice}` : ''}
        </Alert>
      ) : null}
      {/* A list that never came is left out (only logged); a failed refresh keeps the last. */}
      {list.isError && list.data === undefined && unsaved.length === 0 ? null : (
        <LayerList
          rows={rows}
          onDelete={tools ? dialogs.confirmDelete : null}
          deleteDisabled={(row) => dialogs.saving || (row.kind === 'saved' && dialogs.deleting)}
        />
      )}
      {unsaved.length > 0 ? <UnsavedLeaveGuard /> : null}
    </Stack>
  );
}
