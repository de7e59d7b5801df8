import { List, Text } from '@mantine/core';

/** Document 000's recording guidance, shown with the upload help in the desktop uploader. */
export const RECORDING_GUIDANCE = [
  'Keep recordings under 45 minutes: longer recordings get a lower bitrate to keep the compressed file under 5 GB.',
  'Camera: 4K, 16:9, 30 fps, wide lens, highest stabilisation, GPS on (the slope comes from the camera’s GPS).',
  'Lower options: 2.7K or 1080p.',
  'Suggested first test ride: 15 minutes.',
] as const;

export function RecordingGuidance() {
  return (
    <div data-testid="recording-guidance">
      <Text size="sm" fw={600} mb={4}>
        Recording guidance
      </Text>
      <List size="sm" spacing={2} c="gray.7">
        {RECORDING_GUIDANCE.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}
