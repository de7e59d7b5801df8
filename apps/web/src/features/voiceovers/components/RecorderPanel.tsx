import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { RecorderPhase } from '../hooks/useVoiceRecorder';
import type { RecordBlock } from '../lib/recording';
import { VOICEOVER_TEXT } from '../lib/messages';
import { parseSkipTime } from '../lib/skipTime';

type RecorderPanelProps = {
  phase: RecorderPhase;
  /** Why Record is off at the playhead (null: it is on). */
  block: RecordBlock | null;
  /** The player is not on the page (yet). */
  noVideo: boolean;
  /** The microphone's or recorder's failure, already logged. */
  problem: string | null;
  videoDuration: number;
  unsavedCount: number;
  saving: boolean;
  onRecord: () => void;
  onStop: () => void;
  onSkip: (seconds: number) => void;
  onSave: () => void;
};

const BLOCK_TEXT: Record<RecordBlock, string> = {
  overlap: VOICEOVER_TEXT.overlap,
  end: 'The video is at its end. Skip to an earlier time to record.',
};

/** Record / Stop, skip to a time, and Save for the takes not sent yet (desktop app, owner). */
export function RecorderPanel(props: RecorderPanelProps) {
  const { phase, block, noVideo, problem, unsavedCount, saving } = props;
  const recording = phase === 'recording' || phase === 'stopping';
  return (
    <Stack gap="sm" data-testid="voiceover-recorder" data-phase={phase}>
      <Group gap="sm" align="center">
        {recording ? (
          <Button
            color="red"
            onClick={props.onStop}
            loading={phase === 'stopping'}
            data-testid="voiceover-stop"
          >
            Stop
          </Button>
        ) : (
          <Button
            onClick={props.onRecord}
            loading={phase === 'starting'}
            disabled={noVideo || block !== null || saving}
            data-testid="voiceover-record"
          >
            Record
          </Button>
        )}
        {unsavedCount > 0 ? (
          <Button
            variant="light"
            onClick={props.onSave}
            loading={saving}
            disabled={recording}
            data-testid="voiceover-save"
          >
            {unsavedCount === 1 ? 'Save recording' : `Save ${unsavedCount} recordings`}
          </Button>
        ) : null}
        {recording ? (
          <Text size="sm" c="red" role="status">
            Recording… the video plays muted.
          </Text>
        ) : null}
      </Group>
      {!recording && block !== null ? (
        <Text size="sm" c="dimmed" data-testid="voiceover-blocked">
          {BLOCK_TEXT[block]}
        </Text>
      ) : null}
      {noVideo ? (
        <Text size="sm" c="dimmed">
          Recording starts once the video has loaded.
        </Text>
      ) : null}
      {problem ? (
        <Alert color="red" title="Recording" data-testid="voiceover-problem">
          {problem}
        </Alert>
      ) : null}
      <SkipToTime
        videoDuration={props.videoDuration}
        disabled={recording || noVideo}
        onSkip={props.onSkip}
      />
    </Stack>
  );
}

/** A number of seconds from 0 to the video's duration; other entries are refused. */
function SkipToTime(props: {
  videoDuration: number;
  disabled: boolean;
  onSkip: (s: number) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseSkipTime(value, props.videoDuration);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    props.onSkip(parsed.seconds);
  };
  const max = Number.isFinite(props.videoDuration) ? props.videoDuration : undefined;
  return (
    <form onSubmit={submit} aria-label="Skip to time" noValidate>
      <Group gap="sm" align="flex-start">
        <TextInput
          label="Skip to time (seconds)"
          type="number"
          inputMode="decimal"
          min={0}
          max={max}
          step="any"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          disabled={props.disabled}
          w={200}
          data-testid="voiceover-skip-input"
        />
        <Button type="submit" variant="default" mt={25} disabled={props.disabled}>
          Skip
        </Button>
      </Group>
    </form>
  );
}
