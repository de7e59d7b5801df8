import { Anchor, Button, Collapse, Grid, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton';
import { ChevronDownIcon } from '../../../components/icons';
import { useGeneralStore } from '../../../stores/general';
import sampleImage from '../assets/activities-sample.svg';
import { LEARN_MORE_TEXT, offersDownload, promoDevice } from '../lib/promo';

/**
 * Shown to signed-out members and to members without saved rides (document 001,
 * 'Activities'): what the page will hold, told for the device in hand.
 */
export function ActivitiesPromo() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const [open, { toggle }] = useDisclosure(false);
  const device = promoDevice({
    electronMode,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  });
  return (
    <Grid gutter={{ base: 'lg', md: 48 }} align="center" py="xl" data-testid="activities-promo">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Title order={1} fz={{ base: 30, sm: 40 }} fw={800}>
            Track your fitness.
          </Title>
          <Text size="lg" c="gray.7">
            Every ride you finish is kept here, with your time, distance and power adding up week by
            week.
          </Text>
          <div>
            <Button
              variant="subtle"
              px={0}
              onClick={toggle}
              aria-expanded={open}
              aria-controls="activities-learn-more"
              rightSection={
                <ChevronDownIcon
                  size={16}
                  style={{ transform: open ? 'rotate(180deg)' : undefined, transition: '150ms' }}
                />
              }
              data-testid="promo-learn-more-toggle"
            >
              Learn more
            </Button>
            <Collapse in={open}>
              <Text
                id="activities-learn-more"
                c="gray.7"
                data-testid="promo-learn-more"
                data-device={device}
              >
                {LEARN_MORE_TEXT[device]}
              </Text>
            </Collapse>
          </div>
          {offersDownload(device) ? (
            <Group gap="md" data-testid="promo-download">
              <DownloadButton size="md" radius="xl" />
              <Anchor component={Link} to="/setup" fw={600} data-testid="promo-setup-link">
                How to get set up
              </Anchor>
            </Group>
          ) : null}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Image
          src={sampleImage}
          alt="A sample activities page: ride totals beside a list of saved rides"
          radius="lg"
          data-testid="promo-image"
        />
      </Grid.Col>
    </Grid>
  );
}
