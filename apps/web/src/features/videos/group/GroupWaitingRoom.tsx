import { Avatar, Button, Group, Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import type { GroupRoomMember } from '@ridealong/contracts';
import { GroupTrainerTag } from './GroupTrainerTag';
import { notReady, notReadyText, trainerStateOf } from './groupTrainers';

type GroupWaitingRoomProps = {
  joining: boolean;
  isHost: boolean;
  hostId: number | null;
  selfId: number;
  members: readonly GroupRoomMember[];
  /** This rider's own trainer is connected. */
  trainerLive: boolean;
  /** Riders present: more than the list in a big event. */
  present: number;
  busy: boolean;
  problem: string | null;
  onStart: () => void;
  onCancel: () => void;
  onLeave: () => void;
  /** Opens Connect Device (lib/connectDevice.ts). */
  onConnect: () => void;
};

/**
 * The group waiting room (document 001 section 2): who is here, with name, photo and trainer
 * state; a rider without a trainer is asked to connect one before the start (issue 23), and
 * the host sees who is not ready. The host starts or cancels, the others wait (or leave).
 */
export function GroupWaitingRoom(props: GroupWaitingRoomProps) {
  const { joining, isHost, hostId, selfId, members, present, busy, problem, trainerLive } = props;
  const more = present - members.length;
  const waitingFor = isHost ? notReadyText(notReady(members, selfId, trainerLive)) : null;
  return (
    <Overlay
      color="#000"
      backgroundOpacity={0.55}
      zIndex={4}
      center
      data-testid="group-waiting-room"
    >
      <Paper p="md" radius="md" maw={420} w="90%" aria-label="Waiting room">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={3}>Waiting room</Title>
            {joining ? null : (
              <Text size="sm" c="gray.7" data-testid="group-present">
                {present} {present === 1 ? 'rider' : 'riders'} here
              </Text>
            )}
          </Group>
          {joining ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Joining the event…</Text>
            </Group>
          ) : (
            <>
              <Text size="sm" c="gray.7">
                {isHost
                  ? 'Riders join from Events. Start when everyone is here: the countdown begins for all at once.'
                  : 'The ride begins for everyone when the host starts it.'}
              </Text>
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {members.map((m) => (
                  <Group key={m.id} gap="sm" component="li" data-testid="group-member">
                    <Avatar src={m.photo_url} alt="" radius="xl" size="sm">
                      {(m.display_name || 'R').slice(0, 1).toUpperCase()}
                    </Avatar>
                    <Text size="sm" fw={m.id === selfId ? 700 : undefined}>
                      {m.display_name || 'A racer'}
                      {m.id === hostId ? ' (host)' : ''}
                      {m.id === selfId ? ' (you)' : ''}
                    </Text>
                    <GroupTrainerTag state={trainerStateOf(m, selfId, trainerLive)} />
                  </Group>
                ))}
              </Stack>
              {more > 0 ? (
                <Text size="sm" c="gray.7" data-testid="group-more-members">
                  and {more} more {more === 1 ? 'rider' : 'riders'}
                </Text>
              ) : null}
            </>
          )}
          {!joining && !trainerLive ? (
            <Paper withBorder p="sm" radius="md" data-testid="group-trainer-ask">
              <Stack gap="xs" align="flex-start">
                <Text size="sm" fw={600}>
                  Connect your smart trainer before the host starts, so your ride begins with
                  everyone else’s.
                </Text>
                <Button size="xs" radius="xl" onClick={props.onConnect}>
                  Connect trainer
                </Button>
              </Stack>
            </Paper>
          ) : null}
          {waitingFor ? (
            <Text size="sm" c="red.9" data-testid="group-not-ready">
              {waitingFor}
            </Text>
          ) : null}
          {problem ? (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            {isHost ? (
              <>
                <Button variant="default" color="red" onClick={props.onCancel} disabled={busy}>
                  Cancel
                </Button>
                <Button onClick={props.onStart} loading={busy} disabled={joining}>
                  Start
                </Button>
              </>
            ) : (
              <Button variant="default" onClick={props.onLeave}>
                Leave
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Overlay>
  );
}
