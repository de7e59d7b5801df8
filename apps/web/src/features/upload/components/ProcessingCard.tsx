import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Race } from '@ridealong/contracts';
import { videoPath } from '../../../lib/videoPath';

type Status = Pick<Race, 'status' | 'progress' | 'failure_reason'>;

type Props = { raceUrl: string; status: Status | undefined; onUploadAnother: () => void };

/** After the upload: the server joins, compresses and packages the video; the member may leave. */
export function ProcessingCard({ raceUrl, status, onUploadAnother }: Props) {
  if (status?.status === 'failed') {
    return (
      <Alert color="red" title="Processing failed" data-testid="upload-failed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{status.failure_reason ?? 'The video could not be processed.'}</Text>
          <Button size="xs" onClick={onUploadAnother}>
            Upload again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (status?.status === 'ready') {
    return (
      <Alert color="teal" title="Your video is ready" data-testid="upload-ready">
        Taking you to Workouts…
      </Alert>
    );
  }
  const progress = status?.progress ?? 0;
  return (
    <Stack gap="xs" data-testid="upload-processing">
      <Group justify="space-between">
        <Text fw={600}>Processing your video</Text>
        <Text fw={600} data-testid="processing-percent">
          {Math.round(progress)}%
        </Text>
      </Group>
      <Progress value={progress} size="lg" color="cyan" animated aria-label="Processing progress" />
      <Text size="sm" c="dimmed">
        All files are uploaded. The server is joining and compressing them; this can take a while
        for long rides. You can leave this page: processing goes on, and the video appears in{' '}
        <Anchor component={Link} to="/videos" size="sm">
          Workouts
        </Anchor>{' '}
        when it is ready.
      </Text>
      <Group>
        <Button component={Link} to={videoPath(raceUrl)} variant="default" size="xs">
          Open the video page
        </Button>
      </Group>
    </Stack>
  );
}
