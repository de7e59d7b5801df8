import { useId, useMemo } from 'react';
import { Button, Group, Overlay, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { rideSummary } from '@ridealong/contracts';
import { RideSummaryFigures } from '../../../components/ride/RideSummaryFigures';
import { useUserStore } from '../../../stores/user';
import { confirmDiscard } from './confirmDiscard';
import type { RideMachine } from './rideMachine';
import { stopActions } from './rideMachine';
import type { RideSnapshot } from './rideSession';

/**
 * Not Mantine's `center`: a centred column taller than the stage would lose its ends to the
 * stage's clipping. The content is capped at the stage's height instead (issue 23 review H2).
 */
const OVERLAY_STYLE = {
  pointerEvents: 'none',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 'var(--mantine-spacing-xs)',
} as const;

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
 * below them the summary of the ride recorded so far (issue 23). The buttons come first so
 * they are never the part cut off on a small stage.
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
  const titleId = useId();
  // A phone's inline stage is about 200 px high: smaller buttons stay in one row and leave the
  // summary room for two rows of figures.
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const size = narrow ? 'md' : 'lg';
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
      data-testid="ride-paused"
      style={OVERLAY_STYLE}
    >
      <Stack align="center" gap="sm" mah="100%" style={{ pointerEvents: 'auto' }}>
        <Group gap={narrow ? 'xs' : 'md'} justify="center" style={{ flexShrink: 0 }}>
          {machine.ended ? null : (
            <Button
              size={size}
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
              size={size}
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
              size={size}
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
        {summary ? (
          // The only part that gives way: on a phone's inline stage (about 200 px high) it
          // scrolls, so the buttons above it stay on screen. Focusable so keys can scroll it.
          <Paper
            bg="rgba(0, 0, 0, 0.8)"
            px={narrow ? 'sm' : 'lg'}
            py={narrow ? 'xs' : 'sm'}
            radius="md"
            maw={640}
            mih={0}
            role="region"
            aria-labelledby={titleId}
            tabIndex={0}
            style={{ overflowY: 'auto' }}
            data-testid="ride-paused-summary"
          >
            <Text c="white" fw={700} mb={narrow ? 2 : 6} size={narrow ? 'sm' : 'md'} id={titleId}>
              {machine.ended ? 'Your ride' : 'Your ride so far'}
            </Text>
            <RideSummaryFigures summary={summary} tone="dark" />
          </Paper>
        ) : null}
      </Stack>
    </Overlay>
  );
}
