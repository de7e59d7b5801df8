import { Alert, Button, Group, Text } from '@mantine/core';
import { displayedPower, formatHms } from '@ridealong/contracts';
import type { StoredRide } from './pointBuffer';

type ResumeRideOfferProps = {
  ride: StoredRide;
  busy: boolean;
  error: string | null;
  onSave: () => void;
  onDiscard: () => void;
};

/** An unfinished ride of this video, found after a reload: save what was recorded or discard it. */
export function ResumeRideOffer({ ride, busy, error, onSave, onDiscard }: ResumeRideOfferProps) {
  const seconds = ride.last_elapsed + 1;
  return (
    <Alert
      color="yellow"
      title="You have an unsaved ride of this video"
      data-testid="ride-resume-offer"
    >
      <Text size="sm" mb="sm">
        {formatHms(seconds)} recorded, {displayedPower(ride.accumulated_power, seconds)} W average.
        Save it to your activities or discard it.
      </Text>
      <Group gap="sm">
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
