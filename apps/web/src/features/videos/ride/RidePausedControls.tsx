import { useMemo } from 'react';
import { Button, Group, Overlay, Paper, Stack, Text } from '@mantine/core';
import { rideSummary } from '@ridealong/contracts';
import { RideSummaryFigures } from '../../../components/ride/RideSummaryFigures';
import { useUserStore } from '../../../stores/user';
import { confirmDiscard } from './confirmDiscard';
import type { RideMachine } from './rideMachine';
import { stopActions } from './rideMachine';
import type { RideSnapshot } from './rideSession';

type RidePausedControlsProps = {
  machine: RideMachine;
  snapshot: RideSnapshot;
  onResume: () => void;
  onSave: () => void;
  onDiscard: () => void;
};

/**
 * What a paused ride offers (document 001 section 2): Resume, Save when power was recorded,
 * Discard after 'Are you sure?', or, with no power at all, 'No input was detected. Discard';
 * above them the summary of the ride recorded so far (issue 23).
 */
export function RidePausedControls({
  machine,
  snapshot,
  onResume,
  onSave,
  onDiscard,
}: RidePausedControlsProps) {
  const actions = stopActions(snapshot.accumulatedPower, snapshot.elapsedSeconds);
  const busy = machine.phase === 'stopping';
  const askDiscard = () => confirmDiscard(onDiscard);
  const weight = useUserStore((st) => st.user.weight);
  const { recorded } = snapshot;
  // The summary of what is recorded so far: what Save keeps.
  const summary = useMemo(
    () => (recorded.length > 0 ? rideSummary(recorded, weight) : null),
    [recorded, weight],
  );

  return (
    <Overlay
      color="#000"
      backgroundOpacity={0.35}
      zIndex={4}
      center
      data-testid="ride-paused"
      style={{ pointerEvents: 'none' }}
    >
      <Stack align="center" gap="sm" style={{ pointerEvents: 'auto' }}>
        {summary ? (
          <Paper bg="rgba(0, 0, 0, 0.8)" px="lg" py="sm" radius="md" maw={640}>
            <Text c="white" fw={700} mb={6}>
              {machine.ended ? 'Your ride' : 'Your ride so far'}
            </Text>
            <RideSummaryFigures summary={summary} tone="dark" />
          </Paper>
        ) : null}
        <Group gap="md">
          {machine.ended ? null : (
            <Button
              size="lg"
              radius="xl"
              onClick={onResume}
              disabled={busy}
              data-testid="ride-resume"
            >
              Resume
            </Button>
          )}
          {actions.save ? (
            <Button
              size="lg"
              radius="xl"
              color="green"
              onClick={onSave}
              loading={busy && !machine.discarding}
              disabled={busy}
              data-testid="ride-save"
            >
              Save
            </Button>
          ) : null}
          {actions.discard ? (
            <Button
              size="lg"
              radius="xl"
              variant="white"
              color="red"
              onClick={askDiscard}
              loading={busy && machine.discarding}
              disabled={busy}
              data-testid="ride-discard"
            >
              Discard
            </Button>
          ) : null}
        </Group>
        {actions.noInputDiscard ? (
          <Button
            variant="white"
            color="red"
            radius="xl"
            onClick={onDiscard}
            loading={busy}
            data-testid="ride-no-input-discard"
          >
            No input was detected. Discard
          </Button>
        ) : null}
        {machine.error ? (
          <Text c="red.3" size="sm" role="alert" data-testid="ride-error">
            {machine.error}
          </Text>
        ) : null}
        {snapshot.problem && !machine.error ? (
          <Text c="yellow.3" size="sm" data-testid="ride-connection-problem">
            Your ride is kept on this computer until the server has it: {snapshot.problem}
          </Text>
        ) : null}
      </Stack>
    </Overlay>
  );
}
