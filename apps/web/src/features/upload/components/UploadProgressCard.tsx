import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { formatBytes, formatSpeed, formatTimeLeft } from '../lib/speed';
import type { UploadProgress } from '../lib/uploadSession';

type Props = { progress: UploadProgress; error: string | null; onRetry: () => void };

/** The upload's bar: percent, bytes, speed and time left; a retry after a failure. */
export function UploadProgressCard({ progress, error, onRetry }: Props) {
  const { bytesUploaded, bytesTotal, speed, filesDone, filesTotal } = progress;
  const percent = bytesTotal > 0 ? Math.min(100, (bytesUploaded / bytesTotal) * 100) : 0;
  const left = formatTimeLeft(bytesTotal - bytesUploaded, speed);
  return (
    <Stack gap="xs" data-testid="upload-progress">
      <Group justify="space-between">
        <Text fw={600}>Uploading {filesTotal === 1 ? 'your file' : `${filesTotal} files`}</Text>
        <Text fw={600} data-testid="upload-percent">
          {Math.floor(percent)}%
        </Text>
      </Group>
      <Progress value={percent} size="lg" striped animated={!error} aria-label="Upload progress" />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {formatBytes(bytesUploaded)} of {formatBytes(bytesTotal)} · file{' '}
          {Math.min(filesDone + 1, filesTotal)} of {filesTotal}
        </Text>
        <Text size="sm" c="dimmed" data-testid="upload-speed">
          {formatSpeed(speed)}
          {left ? ` · ${left} left` : ''}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" role="alert" title="The upload stopped">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error}</Text>
            <Button size="xs" onClick={onRetry}>
              Resume upload
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
