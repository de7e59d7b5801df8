import { Anchor, Group, Stack, Text } from '@mantine/core';
import { deviceKindFromUserAgent } from '@ridealong/contracts';
import { Link } from 'react-router';
import { DownloadButton } from '../../../components/DownloadButton';
import { useGeneralStore } from '../../../stores/general';
import { BikeIcon, DownloadIcon, PlugIcon } from '../../../components/icons';
import { QaAccordion, type Qa } from './QaAccordion';
import { Steps, type Step } from './Steps';

function InstallStep() {
  const electronMode = useGeneralStore((s) => s.electronMode);
  const mobile = deviceKindFromUserAgent(navigator.userAgent) === 'mobile';
  if (electronMode) return <Text>You are already using the RideAlong desktop app. Nice!</Text>;
  return (
    <>
      <Text>
        Interactive rides run in the RideAlong desktop app for Mac and Windows. Download it, open
        the installer and sign in with your RideAlong account.
      </Text>
      {mobile ? (
        <Text c="dimmed">
          On a phone or tablet? Open this page on your Mac or Windows computer to download the app.
        </Text>
      ) : (
        <Group>
          <DownloadButton radius="xl" />
        </Group>
      )}
    </>
  );
}

const STEPS: Step[] = [
  { title: 'Install', icon: <DownloadIcon size={22} />, body: <InstallStep /> },
  {
    title: 'Connect',
    icon: <PlugIcon size={22} />,
    body: (
      <>
        <Text>
          Turn on your smart trainer, open the profile menu and choose Connect Device. RideAlong
          finds trainers, power meters, heart rate monitors and cadence sensors over ANT+ or
          Bluetooth.
        </Text>
        <Text c="dimmed" size="sm">
          Force feedback on hills works only over ANT+. On Windows we recommend a USB ANT+ stick:
          see the{' '}
          <Anchor component={Link} to="/setup-windows">
            Windows setup guide
          </Anchor>
          .
        </Text>
      </>
    ),
  },
  {
    title: 'Get fit',
    icon: <BikeIcon size={22} />,
    body: (
      <Text>
        Pick a workout from{' '}
        <Anchor component={Link} to="/featured">
          Featured
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} to="/videos">
          Workouts
        </Anchor>
        , click Start and ride. Your power, heart rate, cadence and distance are recorded and you
        race the leaderboard. Join a{' '}
        <Anchor component={Link} to="/events">
          live event
        </Anchor>{' '}
        to ride with friends.
      </Text>
    ),
  },
];

const QUESTIONS: Qa[] = [
  {
    id: 'trainers',
    question: 'Which trainers are compatible?',
    answer: (
      <Stack gap="xs">
        <Text size="sm">
          Any smart trainer that broadcasts over ANT+ FE-C or Bluetooth (FTMS), which includes
          current models from Wahoo, Tacx, Elite, Saris and others. Power meters, heart rate straps
          and speed or cadence sensors over ANT+ or Bluetooth work too.
        </Text>
        <Text size="sm">
          Resistance that follows the slope of the road (force feedback) needs an ANT+ connection;
          over Bluetooth your trainer still reports power and cadence.
        </Text>
      </Stack>
    ),
  },
  {
    id: 'no-trainer',
    question: "What if I don't have a smart trainer?",
    answer: (
      <Text size="sm">
        You can still ride along. Put a speed or cadence sensor or a power meter on your bike on a
        classic trainer, or on a spin bike, and RideAlong records your effort. Without any sensor
        you can simply watch the videos while you work out on a treadmill, rower or anything else.
      </Text>
    ),
  },
  {
    id: 'sharing',
    question: 'How do I share my activities?',
    answer: (
      <Text size="sm">
        Connect your Strava account from your{' '}
        <Anchor component={Link} to="/profile">
          profile
        </Anchor>{' '}
        with Connect to Strava. With auto-save turned on, every workout longer than one minute is
        sent to Strava when you save it; you can also send any ride from{' '}
        <Anchor component={Link} to="/activities">
          My Activities
        </Anchor>
        .
      </Text>
    ),
  },
];

/** The Get Fit tab of /setup: install, connect, get fit, then common questions. */
export function GetFitTab() {
  return (
    <Stack gap="xl">
      <Steps steps={STEPS} label="Get fit in three steps" />
      <QaAccordion title="Questions" items={QUESTIONS} />
    </Stack>
  );
}
