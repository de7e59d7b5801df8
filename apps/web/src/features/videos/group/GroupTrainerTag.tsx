import { Text } from '@mantine/core';
import type { TrainerState } from './groupTrainers';

/**
 * A rider's trainer state beside their name in the waiting room: said in words (never told
 * apart by colour alone), in colours dark enough on white for WCAG AA. Unknown (a v1 app that
 * does not report it) shows nothing.
 */
export function GroupTrainerTag({ state }: { state: TrainerState }) {
  if (state === 'unknown') return null;
  const connected = state === 'connected';
  return (
    <Text
      component="span"
      size="xs"
      fw={700}
      c={connected ? 'teal.9' : 'red.9'}
      data-testid="group-member-trainer"
      data-state={state}
    >
      {connected ? 'Trainer connected' : 'No trainer'}
    </Text>
  );
}
