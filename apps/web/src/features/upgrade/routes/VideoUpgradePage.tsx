import { Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { memberPlanTier } from '@ridealong/contracts';
import { PlanFeatureTable } from '../../../components/PlanFeatureTable';
import { useRace } from '../../../lib/useRace';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { upgradeCopy } from '../lib/upgradeCopy';

/**
 * /video-upgrade: a video the member's plan does not include. The spec both redirects this
 * route to /pricing and describes its body; the body is kept (docs/decisions.md): it names the
 * video and the plan it needs (?video={url}), and says when that plan is not on sale yet
 * instead of sending the member to a checkout that cannot sell it.
 */
export function VideoUpgradePage() {
  const [params] = useSearchParams();
  const url = params.get('video') ?? '';
  const race = useRace(url, url !== '');
  const user = useUserStore((s) => s.user);
  const signedIn = useUserStore(selectSignedIn);
  const known = url !== '' && race.data ? race.data : null;
  const tier = memberPlanTier(signedIn ? user : null);
  const copy = upgradeCopy(known?.required_plan, known?.title ?? null, undefined, tier);
  const secondary =
    copy.action.to === '/videos'
      ? { to: '/pricing', label: 'Compare plans' }
      : { to: '/videos', label: 'Back to videos' };
  // Until the video is known the page cannot say which plan it needs: the generic body's
  // 'See plans' would send a Pro video's member to a checkout that cannot sell Pro.
  if (url !== '' && race.isPending) {
    return (
      <Container size="md" py="xl">
        <Loader aria-label="Loading the video" />
      </Container>
    );
  }
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{copy.title}</Title>
          <Text c="dimmed" size="lg" mt={4} data-testid="video-upgrade-message">
            {copy.message}
          </Text>
        </div>
        <Card withBorder radius="lg" padding="lg">
          <PlanFeatureTable />
        </Card>
        <Group justify="space-between">
          <Anchor component={Link} to={secondary.to}>
            {secondary.label}
          </Anchor>
          <Button component={Link} to={copy.action.to} size="md" radius="xl">
            {copy.action.label}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
