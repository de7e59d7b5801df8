import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { DesktopEvents } from '@ridealong/contracts';
import { formatBytes } from '../lib/speed';

type Props = {
  progress: DesktopEvents['uploader-progress'];
  error: string | null;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
};

const TITLES = {
  joining: 'Joining and compressing on your computer',
  uploading: 'Uploading',
  processing: 'Uploading',
  paused: 'Upload paused',
  done: 'Uploaded',
} as const;

/** The app's work: joining (no bytes yet), uploading with bytes, paused with Resume. */
export function DesktopUploadProgress({ progress, error, onPause, onResume, onCancel }: Props) {
  const { phase, percent, bytesSent, bytesTotal } = progress;
  const paused = phase === 'paused';
  return (
    <Stack gap="xs" data-testid="uploader-progress" data-phase={phase}>
      <Group justify="space-between">
        <Text fw={600}>{TITLES[phase]}</Text>
        <Text fw={600} data-testid="uploader-percent">
          {Math.floor(percent)}%
        </Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        striped
        animated={!paused}
        aria-label={phase === 'joining' ? 'Joining progress' : 'Upload progress'}
      />
      {bytesTotal > 0 ? (
        <Text size="sm" c="gray.7" data-testid="uploader-bytes">
          {formatBytes(bytesSent)} of {formatBytes(bytesTotal)}
        </Text>
      ) : (
        <Text size="sm" c="gray.7">
          The files are joined into one video and compressed to under 5 GB before they go up.
        </Text>
      )}
      {error ? (
        <Alert color="red" role="alert" title="The upload stopped">
          {error}
        </Alert>
      ) : null}
      <Group>
        {phase === 'uploading' ? (
          <Button variant="default" onClick={onPause}>
            Pause
          </Button>
        ) : null}
        {paused ? (
          <Button color="blue.9" onClick={onResume}>
            Resume upload
          </Button>
        ) : null}
        {phase !== 'done' ? (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
