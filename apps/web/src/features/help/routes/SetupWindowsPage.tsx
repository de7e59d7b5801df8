import { Alert, Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { SiteFooter } from '../../../components/SiteFooter';
import { ConnectionCard, NumberedSteps } from '../components/WindowsGuideParts';

const CONNECT_STEPS = [
  'Plug the USB ANT+ stick into a USB port on your computer. Use a USB extension cable to place the stick close to the trainer, within about 1 metre and in line of sight.',
  'Turn on your smart trainer and pedal a few strokes to wake it up.',
  'Open the RideAlong desktop app, sign in and choose Connect Device from the profile menu.',
  'Pick your trainer from the list of devices found over ANT+ or Bluetooth, then add a heart rate monitor or cadence sensor if you have one.',
  'Choose a workout and click Start. The trainer resistance now follows the road.',
];

const DRIVER_STEPS = [
  'Download Zadig, a free driver-install tool for Windows, from zadig.akeo.ie.',
  'Plug in your ANT+ stick and run Zadig.',
  'In the Options menu, choose List All Devices.',
  'Select your ANT+ stick in the list (it usually appears as "ANT USBStick2" or "ANT USB-m Stick").',
  'Choose WinUSB as the driver and click Install Driver (or Replace Driver).',
  'When Zadig reports success, restart the RideAlong desktop app.',
];

const RESET_STEPS = [
  'Quit the RideAlong desktop app (Quit App in the profile menu).',
  'Unplug the ANT+ stick from your computer.',
  'Power-cycle the trainer: unplug its power cable, wait 10 seconds and plug it back in.',
  'Close other apps that may hold on to the trainer, such as other training apps or phone apps connected over Bluetooth.',
  'Plug the ANT+ stick back in, directly into the computer rather than a USB hub.',
  'Restart the RideAlong desktop app and connect again from Connect Device.',
  'Still no luck? Restart your computer and repeat these steps, or write to support@ridealong.example.',
];

/** /setup-windows: connecting a smart trainer on Windows over ANT+ or Bluetooth. */
export function SetupWindowsPage() {
  return (
    <>
      <Container size="md" py="xl">
        <Stack gap={40}>
          <div>
            <Text tt="uppercase" fw={700} size="xs" c="blue" lts={1}>
              Help
            </Text>
            <Title order={1}>Connect your smart trainer on Windows</Title>
            <Text c="dimmed" size="lg" mt={4}>
              The RideAlong desktop app talks to your trainer over ANT+ or Bluetooth. Here is how to
              get the best connection on a Windows computer.
            </Text>
          </div>
          <Alert variant="light" color="blue" title="Force feedback works only with ANT+">
            Resistance that follows the hills of the video (force feedback) is sent to the trainer
            only over ANT+. For the full experience on Windows we recommend a USB ANT+ stick.
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ConnectionCard
              name="ANT+"
              recommended
              points={[
                'Force feedback: resistance changes with the slope of the road',
                'Power, cadence, speed and heart rate',
                'Needs a USB ANT+ stick (a few dollars online)',
              ]}
            />
            <ConnectionCard
              name="Bluetooth"
              points={[
                'Power, cadence, speed and heart rate',
                'No force feedback on hills',
                'Uses the Bluetooth built into your computer',
              ]}
            />
          </SimpleGrid>
          <NumberedSteps title="Connect your trainer" steps={CONNECT_STEPS} />
          <Card withBorder radius="lg" padding="lg">
            <NumberedSteps
              title="Install the ANT+ stick driver"
              intro="If the app does not find your ANT+ stick, Windows may be using the wrong driver for it. The free tool Zadig installs the WinUSB driver the app needs."
              steps={DRIVER_STEPS}
              testId="driver-steps"
            />
          </Card>
          <NumberedSteps
            title="Reset the connection"
            intro="If the trainer stops responding or does not appear, reset everything in this order:"
            steps={RESET_STEPS}
            testId="reset-steps"
          />
          <Text c="dimmed">
            Back to the{' '}
            <Anchor component={Link} to="/setup">
              setup guide
            </Anchor>
            .
          </Text>
        </Stack>
      </Container>
      <SiteFooter />
    </>
  );
}
