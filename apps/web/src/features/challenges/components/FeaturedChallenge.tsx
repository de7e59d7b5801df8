import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { Challenge } from '@ridealong/contracts';
import { challengeImage, DEFAULT_CHALLENGE_IMAGES } from '../../../lib/challengeImage';
import { shownDescription } from '../lib/featured';
import { ChallengeFacts, TimingBadge } from './ChallengeFacts';
import { JoinControl } from './JoinControl';

type FeaturedChallengeProps = {
  challenge: Challenge;
  /** The only active challenge: nothing else is listed beside it. */
  onlyOne: boolean;
};

/**
 * The featured challenge of /challenges (document 001): image, title linking to
 * /challenge/{id}, the Join control, and its description (the first 350 characters at 992 px
 * or more, section 9).
 */
export function FeaturedChallenge({ challenge, onlyOne }: FeaturedChallengeProps) {
  const wide = useMediaQuery('(min-width: 992px)') ?? false;
  const to = `/challenge/${challenge.id}`;
  const description = shownDescription(challenge.description, wide);
  return (
    <Card
      component="section"
      aria-label={`Featured: ${challenge.title}`}
      data-testid="challenges-featured"
      data-challenge-id={challenge.id}
      data-only={onlyOne ? 'true' : 'false'}
      radius="lg"
      shadow="md"
      withBorder
      padding={0}
    >
      <Grid gutter={0} align="stretch">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Box component={Link} to={to} tabIndex={-1} aria-hidden="true" display="block" h="100%">
            <Image
              src={challengeImage(challenge)}
              fallbackSrc={DEFAULT_CHALLENGE_IMAGES[challenge.challenge_type]}
              alt=""
              h="100%"
              mih={240}
              mah={420}
              fit="cover"
              data-testid="challenge-image"
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm" p="xl" h="100%" justify="center">
            <Group gap="xs">
              <Badge color="orange" radius="sm" style={{ textTransform: 'none' }}>
                Featured challenge
              </Badge>
              <TimingBadge challenge={challenge} />
            </Group>
            <Title order={2} fz={{ base: 24, md: 30 }} lh={1.2}>
              <Anchor component={Link} to={to} c="dark" inherit underline="hover">
                {challenge.title}
              </Anchor>
            </Title>
            <ChallengeFacts challenge={challenge} />
            {description ? (
              <Text
                c="gray.7"
                style={{ whiteSpace: 'pre-line' }}
                data-testid="challenge-description"
              >
                {description}
              </Text>
            ) : null}
            <Group gap="sm" mt="xs">
              <JoinControl challenge={challenge} />
              <Button component={Link} to={to} variant="subtle" radius="xl">
                View challenge
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
