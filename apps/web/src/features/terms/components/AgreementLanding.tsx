import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TERMS_MINIMUM_AGE } from '@ridealong/contracts';
import { BikeIcon } from '../../../components/icons';

/** The first panel of the agreement flow: who we are, and the door into the agreement. */
export function AgreementLanding({ onJoin }: { onJoin: () => void }) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" data-testid="agreement-landing">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="gradient" gradient={{ from: 'blue', to: 'cyan' }}>
          <BikeIcon size={34} strokeWidth={1.8} />
        </ThemeIcon>
        <Badge variant="light" color="grape" size="lg">
          Private beta
        </Badge>
        <Title order={1}>Welcome to RideAlong</Title>
        <Text size="lg" c="dimmed" maw={520}>
          Ride the world&apos;s roads from your living room, with friends and with creators who
          filmed them. RideAlong is in private beta, and you are one of the first riders in.
        </Text>
        <Text size="sm" maw={520}>
          To join, you must be {TERMS_MINIMUM_AGE} or older and agree to our Terms of Service.
        </Text>
        <Group>
          <Button size="lg" radius="xl" onClick={onJoin}>
            Join Our Community
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
