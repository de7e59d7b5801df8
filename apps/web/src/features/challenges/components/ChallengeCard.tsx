import { Anchor, AspectRatio, Box, Card, Image, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Challenge } from '@ridealong/contracts';
import classes from '../../../components/media/cards.module.css';
import { challengeImage, DEFAULT_CHALLENGE_IMAGES } from '../../../lib/challengeImage';
import { useUserStore } from '../../../stores/user';
import { membershipOf } from '../lib/membership';
import { ChallengeFacts, TimingBadge } from './ChallengeFacts';
import { JoinControl } from './JoinControl';

/**
 * A challenge in the lists of /challenges: image, timing badge, title (both link to
 * /challenge/{id}), type, dates, goal, participants and the Join control (a trophy once
 * completed). `data-state` says where the member stands: none, joined or complete.
 */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const to = `/challenge/${challenge.id}`;
  const state = useUserStore((s) => membershipOf(s.user.user_challenges, challenge.id));
  return (
    <Card
      component="article"
      aria-label={challenge.title}
      data-testid="challenge-card"
      data-state={state}
      className={classes.card}
      radius="lg"
      padding="md"
      shadow="sm"
      withBorder
    >
      <Card.Section pos="relative">
        <Link to={to} className={classes.thumb} tabIndex={-1} aria-hidden="true">
          <AspectRatio ratio={16 / 9}>
            <Image
              src={challengeImage(challenge)}
              fallbackSrc={DEFAULT_CHALLENGE_IMAGES[challenge.challenge_type]}
              alt=""
              loading="lazy"
              data-testid="challenge-image"
            />
          </AspectRatio>
        </Link>
        <Box pos="absolute" top={10} left={10}>
          <TimingBadge challenge={challenge} />
        </Box>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flexGrow: 1 }}>
        <Anchor component={Link} to={to} c="dark" fw={700} lineClamp={2} underline="hover">
          {challenge.title}
        </Anchor>
        <ChallengeFacts challenge={challenge} />
      </Stack>
      <Box mt="md">
        <JoinControl challenge={challenge} size="sm" fullWidth />
      </Box>
    </Card>
  );
}
