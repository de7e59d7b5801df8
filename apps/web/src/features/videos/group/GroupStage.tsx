import { Alert, Button, Overlay, Stack, Text } from '@mantine/core';
import { GROUP_MESSAGES } from '@ridealong/contracts';
import { GroupModeIndicator } from './GroupModeIndicator';
import { GroupWaitingRoom } from './GroupWaitingRoom';
import type { GroupRide } from './useGroupRide';

type GroupStageProps = {
  group: GroupRide;
  /** The host's Start: the click also puts the stage in fullscreen, as a solo Start does. */
  onStart: () => void;
};

/**
 * What group mode adds over the player: the waiting room, the mode indicator, the prompt to
 * connect a trainer once the event has started, and the cancel alert.
 */
export function GroupStage({ group, onStart }: GroupStageProps) {
  const s = group.snapshot;
  const waiting = s !== null && (s.phase === 'joining' || s.phase === 'waiting-room');
  return (
    <>
      {s ? (
        <GroupModeIndicator
          isHost={s.isHost}
          onCancel={s.isHost && s.phase === 'in-progress' ? group.cancelEvent : null}
          busy={s.busy}
        />
      ) : null}
      {waiting ? (
        <GroupWaitingRoom
          joining={s.phase === 'joining'}
          isHost={s.isHost}
          hostId={s.hostId}
          selfId={group.selfId}
          members={s.members}
          trainerLive={group.trainerLive}
          present={s.present}
          busy={s.busy}
          problem={s.problem}
          onStart={onStart}
          onCancel={group.cancelEvent}
          onLeave={group.leave}
          onConnect={group.connect}
        />
      ) : null}
      {group.needsTracker ? (
        <Overlay
          color="#000"
          backgroundOpacity={0.55}
          zIndex={4}
          center
          data-testid="group-connect"
        >
          <Stack align="center" gap="sm" maw={420} px="md">
            <Text c="white" fw={700} ta="center">
              {GROUP_MESSAGES.connectToJoin}
            </Text>
            <Button radius="xl" onClick={group.connect}>
              Connect
            </Button>
          </Stack>
        </Overlay>
      ) : null}
      {group.notice ? (
        <Alert
          color="red"
          variant="filled"
          withCloseButton
          onClose={group.dismissNotice}
          pos="absolute"
          top={12}
          left="50%"
          w="max-content"
          maw="80%"
          style={{ transform: 'translateX(-50%)', zIndex: 6 }}
          role="alert"
          data-testid="group-notice"
        >
          {group.notice}
        </Alert>
      ) : null}
    </>
  );
}
