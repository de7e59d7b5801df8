import { Box, Card, Group, Image, Overlay, Stack, Text, Title } from '@mantine/core';
import { CHALLENGE_MESSAGES, type Challenge } from '@ridealong/contracts';
import { challengeImage, DEFAULT_CHALLENGE_IMAGES } from '../../../lib/challengeImage';
import { ChallengeFacts, TimingBadge } from './ChallengeFacts';
import type { Membership } from '../lib/membership';
import { JoinControl } from './JoinControl';

/**
 * The top of /challenge/{id}: the big image with the title over it, then type, dates, goal in
 * its unit, participants, the description and the Join control.
 */
/** `state`: where the member stands, from the server's user-challenge (else the stored user's). */
export function ChallengeSplash({
  challenge,
  state,
}: {
  challenge: Challenge;
  state?: Membership;
}) {
  return (
    <Card
      component="section"
      aria-label={challenge.title}
      data-testid="challenge-splash"
      radius="lg"
      shadow="md"
      withBorder
      padding={0}
    >
      <Box pos="relative">
        <Image
          src={challengeImage(challenge)}
          fallbackSrc={DEFAULT_CHALLENGE_IMAGES[challenge.challenge_type]}
          alt=""
          h={{ base: 220, sm: 320 }}
          fit="cover"
          data-testid="challenge-image"
        />
        <Overlay
          gradient="linear-gradient(180deg, rgba(0,0,0,0) 35%, rgba(0,0,0,0.75) 100%)"
          opacity={1}
          zIndex={1}
        />
        <Stack gap={6} pos="absolute" left={0} right={0} bottom={0} p="lg" style={{ zIndex: 2 }}>
          <Group gap="xs">
            <TimingBadge challenge={challenge} />
          </Group>
          <Title order={1} c="white" fz={{ base: 26, sm: 36 }} lh={1.15}>
            {challenge.title}
          </Title>
        </Stack>
      </Box>
      <Stack gap="sm" p="lg">
        <ChallengeFacts challenge={challenge} />
        {challenge.description ? (
          <Text c="gray.7" style={{ whiteSpace: 'pre-line' }} data-testid="challenge-description">
            {challenge.description}
          </Text>
        ) : null}
        {challenge.active ? (
          <Group>
            <JoinControl challenge={challenge} state={state} />
          </Group>
        ) : (
          <Group gap="md">
            <JoinControl challenge={challenge} state={state} />
            <Text c="dimmed" size="sm" data-testid="challenge-over">
              {CHALLENGE_MESSAGES.notActive}
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
