import { Alert, AspectRatio, Box, Loader, Progress, Stack, Text } from '@mantine/core';
import type { Race } from '@ridealong/contracts';
import { PLACEHOLDER_THUMBNAIL } from '../../../components/media/MediaCard';

export const PROCESSING_TEXT = 'Video is being processed.';

type OwnerStatus = Pick<Race, 'status' | 'progress' | 'failure_reason'>;

/**
 * 'Video is being processed.' over a placeholder (document 001 sections 2 and 8): shown while
 * the video is not ready, when it could not be loaded, or when playback failed. The owner
 * also sees how far processing got, or why it failed.
 */
export function ProcessingState({ owner }: { owner: OwnerStatus | null }) {
  const failed = owner?.status === 'failed';
  return (
    <Box data-testid="video-processing">
      <AspectRatio ratio={16 / 9}>
        <Box
          pos="relative"
          style={{
            background: `#1c1f23 url(${PLACEHOLDER_THUMBNAIL}) center / cover no-repeat`,
            borderRadius: 'var(--mantine-radius-md)',
            overflow: 'hidden',
          }}
        >
          <Stack
            pos="absolute"
            inset={0}
            align="center"
            justify="center"
            gap="sm"
            style={{ background: 'rgba(0, 0, 0, 0.45)' }}
          >
            {failed ? null : <Loader color="white" type="dots" aria-hidden="true" />}
            <Text c="white" fw={700} fz={{ base: 'lg', sm: 'xl' }} role="status">
              {PROCESSING_TEXT}
            </Text>
            {owner && !failed ? (
              <Stack gap={4} w="min(320px, 70%)">
                <Progress
                  value={owner.progress}
                  aria-label="Processing progress"
                  color="cyan"
                  animated={owner.status === 'processing'}
                />
                <Text c="gray.3" size="sm" ta="center" data-testid="processing-progress">
                  {Math.round(owner.progress)}% processed
                </Text>
              </Stack>
            ) : null}
          </Stack>
        </Box>
      </AspectRatio>
      {failed ? (
        <Alert color="red" mt="md" title="Processing failed" data-testid="processing-failure">
          {owner.failure_reason ?? 'The video could not be processed.'} Upload the files again from
          your channel.
        </Alert>
      ) : null}
    </Box>
  );
}
