import { Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { uploadPercent } from '../lib/gpxUpload';

/** Document 001 section 8: the GPX upload's error message, word for word. */
export const GPX_ERROR_TEXT = 'Something went wrong. Please try again later.';

/**
 * The upload's bar; without sizes (an upload found again after the tab was left and reopened)
 * a spinner, as its progress went with the tab.
 */
export function UploadProgress({
  sentBytes,
  totalBytes,
}: {
  sentBytes: number | null;
  totalBytes: number | null;
}) {
  if (sentBytes === null || totalBytes === null) {
    return (
      <Group gap="xs" role="status" data-testid="gpx-upload-progress">
        <Loader size="sm" />
        <Text fw={600}>Uploading the GPX file…</Text>
      </Group>
    );
  }
  const percent = uploadPercent(sentBytes, totalBytes);
  return (
    <Stack gap={4} data-testid="gpx-upload-progress">
      <Group justify="space-between">
        <Text fw={600}>Uploading the GPX file…</Text>
        <Text fw={600} data-testid="gpx-upload-percent">
          {percent}%
        </Text>
      </Group>
      <Progress value={percent} size="lg" striped animated aria-label="GPX upload progress" />
    </Stack>
  );
}

/** A failure: the spec's sentence, then the server's own reason for the owner when it gave one. */
export function GpxError({ detail, title }: { detail: string | null; title: string }) {
  return (
    <Alert color="red" role="alert" title={title} data-testid="gpx-error">
      <Text size="sm">{GPX_ERROR_TEXT}</Text>
      {detail ? (
        <Text size="sm" mt={4} c="dark.7" data-testid="gpx-error-detail">
          {detail}
        </Text>
      ) : null}
    </Alert>
  );
}
