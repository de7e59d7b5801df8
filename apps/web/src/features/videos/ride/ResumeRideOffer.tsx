import { Alert, Button, Group, Text } from '@mantine/core';
import { displayedPower, formatHms } from '@ridealong/contracts';
import type { StoredRide } from './pointBuffer';

type ResumeRideOfferProps = {
  ride: StoredRide;
  busy: boolean;
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
  /** Goes on riding it (its mode, from its last second and distance); no button when absent. */
  onResume?: () => void;
  /** A reactive ride waits for the video's timeline before it can go on. */
  canResume?: boolean;
};

/** An unfinished ride of this video, found after a reload: save what was recorded or discard it. */
export function ResumeRideOffer(props: ResumeRideOfferProps) {
  const { ride, busy, error, onSave, onDiscard, onResume, canResume = true } = props;
  const seconds = ride.last_elapsed + 1;
  return (
    <Alert
      color="yellow"
      title="You have an unsaved ride of this video"
      data-testid="ride-resume-offer"
    >
      <Text size="sm" mb="sm">
        {formatHms(seconds)} recorded, {displayedPower(ride.accumulated_power, seconds)} W average.
        {onResume ? 'Go on riding it, save it' : 'Save it'} to your activities or discard it.
      </Text>
      <Group gap="sm">
        {onResume ? (
          <Button
            size="xs"
            onClick={onResume}
            disabled={busy || !canResume}
            data-testid="ride-resume-offer-resume"
          >
            Resume ride
          </Button>
        ) : null}
        {ride.accumulated_power > 0 ? (
          <Button size="xs" onClick={onSave} loading={busy} data-testid="ride-resume-offer-save">
            Save ride
          </Button>
        ) : null}
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={onDiscard}
          disabled={busy}
          data-testid="ride-resume-offer-discard"
        >
          Discard
        </Button>
      </Group>
      {error ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          {error}
        </Text>
      ) : null}
    </Alert>
  );
}
