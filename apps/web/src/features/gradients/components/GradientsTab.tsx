import { useReducer, useState, type RefObject } from 'react';
import { Alert, Button, FileInput, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useIsMutating, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { GpxPreview, Race, UnitSystem } from '@ridealong/contracts';
import { ApiError } from '../../../lib/api';
import { useUnits } from '../../../lib/units';
import { gpxPreviewQuery, gradientsKeys } from '../api/queries';
import { useSaveGpx } from '../api/useSaveGpx';
import { usePlayhead } from '../hooks/usePlayhead';
import {
  chosenFile,
  gpxUploadReducer,
  initialGpxUpload,
  type GpxUploadState,
} from '../lib/gpxUpload';
import { parseOffset } from '../lib/offset';
import { GpxPreviewChart } from './GpxPreviewChart';
import { LeaveWhileUploading } from './LeaveWhileUploading';
import { OffsetField } from './OffsetField';
import { SlopeSourceNote } from './SlopeSourceNote';
import { GpxError, UploadProgress } from './UploadStatus';

/** Typing or nudging the offset asks for a new preview once it has been still this long. */
export const PREVIEW_DEBOUNCE_MS = 400;

const detailOf = (error: unknown): string | null =>
  error instanceof ApiError ? error.message : null;

type GradientsTabProps = {
  race: Race;
  /** The player: the preview marks its current second. */
  videoRef: RefObject<HTMLVideoElement | null>;
};

/**
 * The Gradients tab (desktop mode, the owner or an admin): choose a .gpx file and an offset,
 * preview the elevation and slope they give across the video, adjust, then upload with
 * progress; the video's slope profile is rebuilt from it (document 001 sections 4, 5 and 8).
 */
export function GradientsTab({ race, videoRef }: GradientsTabProps) {
  const units = useUnits();
  const playhead = usePlayhead(videoRef);
  const [state, dispatch] = useReducer(
    gpxUploadReducer<File>,
    initialGpxUpload as GpxUploadState<File>,
  );
  const [offsetText, setOffsetText] = useState('0');
  const [previewAsked, setPreviewAsked] = useState(false);
  const [settledText] = useDebouncedValue(offsetText, PREVIEW_DEBOUNCE_MS);
  const offset = parseOffset(offsetText);
  const settled = parseOffset(settledText);
  const file = chosenFile(state);

  const preview = useQuery(
    gpxPreviewQuery(race.url, previewAsked ? file : null, settled.ok ? settled.seconds : null),
  );
  const save = useSaveGpx(race);
  // An upload started before the tab was left and reopened goes on in the background.
  const savingElsewhere =
    useIsMutating({ mutationKey: gradientsKeys.upload(race.url) }) > 0 &&
    state.stage !== 'uploading';
  const uploading = state.stage === 'uploading' || savingElsewhere;

  const choose = (picked: File | null) => {
    if (picked) dispatch({ type: 'choose', file: picked });
    else dispatch({ type: 'clear' });
    // A new file is previewed as the last one was; removing the file starts over.
    if (!picked) setPreviewAsked(false);
  };

  const upload = () => {
    if (!file || !offset.ok) return;
    dispatch({ type: 'upload' });
    save.mutate(
      {
        file,
        offsetSeconds: offset.seconds,
        onProgress: (sentBytes, totalBytes) =>
          dispatch({ type: 'progress', sentBytes, totalBytes }),
      },
      {
        onSuccess: (updated) =>
          dispatch({ type: 'uploaded', filename: updated.gpx_upload_filename ?? file.name }),
        onError: (error) => dispatch({ type: 'failed', message: detailOf(error) }),
      },
    );
  };

  const canEdit = !uploading && state.stage !== 'finished';
  // Upload saves what the preview shows: the same file and offset, the preview answered.
  const previewed =
    offset.ok &&
    settled.ok &&
    settled.seconds === offset.seconds &&
    preview.data !== undefined &&
    !preview.isPlaceholderData;
  const canUpload =
    (state.stage === 'file-chosen' || state.stage === 'error') && !savingElsewhere && previewed;

  return (
    <Stack gap="md" data-testid="gradients-tab">
      <div>
        <Title order={2} size="h4">
          Gradients from a GPX file
        </Title>
        <Text size="sm" c="dark.6">
          Add the GPX track of the ride you filmed (from a bike computer, a watch or a phone) so
          trainers follow the road. Preview how it lines up with the video, then upload it: it
          replaces the current slope profile.
        </Text>
      </div>
      <SlopeSourceNote race={race} />

      {state.stage === 'finished' ? (
        <Alert color="teal" role="status" title="Slope profile updated" data-testid="gpx-finished">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Trainers now follow the slope from {state.filename}. The route on the Description tab
              shows the new profile.
            </Text>
            <Button size="xs" variant="default" onClick={() => dispatch({ type: 'again' })}>
              Upload another file
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <div>
            <FileInput
              label="GPX file"
              placeholder="Choose a .gpx file"
              accept=".gpx"
              value={file}
              onChange={choose}
              clearable
              clearButtonProps={{ 'aria-label': 'Remove the GPX file' }}
              disabled={!canEdit}
              maw={360}
            />
            {state.stage === 'no-file' && state.refused ? (
              <Text size="sm" c="red.8" mt={4} role="alert" data-testid="gpx-refused">
                Only .gpx files can be chosen: {state.refused} was not sent.
              </Text>
            ) : null}
          </div>
          <OffsetField
            value={offsetText}
            onChange={setOffsetText}
            error={offset.ok ? null : offset.message}
            disabled={!canEdit}
          />
          <Group gap="sm">
            <Button
              variant="default"
              // Once asked, the preview follows the offset; after a failure this asks again.
              onClick={() => (previewAsked ? void preview.refetch() : setPreviewAsked(true))}
              disabled={!file || !offset.ok || !canEdit || (previewAsked && !preview.isError)}
            >
              Preview profile
            </Button>
            <Button onClick={upload} disabled={!canUpload}>
              Upload
            </Button>
          </Group>
        </>
      )}

      {file && previewAsked && state.stage !== 'finished' ? (
        <PreviewArea preview={preview} units={units} playhead={playhead} />
      ) : null}

      {state.stage === 'uploading' ? (
        <UploadProgress sentBytes={state.sentBytes} totalBytes={state.totalBytes} />
      ) : savingElsewhere ? (
        <UploadProgress sentBytes={null} totalBytes={null} />
      ) : null}
      {state.stage === 'error' ? (
        <GpxError title="The upload failed" detail={state.message} />
      ) : null}
      {uploading ? <LeaveWhileUploading /> : null}
    </Stack>
  );
}

type PreviewAreaProps = {
  preview: UseQueryResult<GpxPreview>;
  units: UnitSystem;
  playhead: number | null;
};

/** The preview, its refresh in progress, or why the server could not make one. */
function PreviewArea({ preview, units, playhead }: PreviewAreaProps) {
  return (
    <Stack gap="xs">
      <Group gap="xs" mih={22} role="status" aria-live="polite">
        {preview.isFetching ? (
          <>
            <Loader size="xs" />
            <Text size="sm" c="dark.6">
              Updating the preview…
            </Text>
          </>
        ) : null}
      </Group>
      {preview.isError && !preview.isFetching ? (
        <GpxError title="The preview failed" detail={detailOf(preview.error)} />
      ) : null}
      {preview.data ? (
        <GpxPreviewChart preview={preview.data} units={units} playhead={playhead} />
      ) : null}
    </Stack>
  );
}
