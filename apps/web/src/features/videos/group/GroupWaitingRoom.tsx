import { Avatar, Button, Group, Loader, Overlay, Paper, Stack, Text, Title } from '@mantine/core';
import type { GroupMember } from '@ridealong/contracts';

type GroupWaitingRoomProps = {
  joining: boolean;
  isHost: boolean;
  hostId: number | null;
  selfId: number;
  members: readonly GroupMember[];
  /** Riders present: more than the list in a big event. */
  present: number;
  busy: boolean;
  problem: string | null;
  onStart: () => void;
  onCancel: () => void;
  onLeave: () => void;
};

/**
 * The group waiting room (document 001 section 2): who is here, with name and photo; the host
 * starts or cancels, the others wait for the host (or leave).
 */
export function GroupWaitingRoom(props: GroupWaitingRoomProps) {
  const { joining, isHost, hostId, selfId, members, present, busy, problem } = props;
  const more = present - members.length;
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
              <Text size="sm" c="dimmed" data-testid="group-present">
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
              <Text size="sm" c="dimmed">
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
                  </Group>
                ))}
              </Stack>
              {more > 0 ? (
                <Text size="sm" c="dimmed" data-testid="group-more-members">
                  and {more} more {more === 1 ? 'rider' : 'riders'}
                </Text>
              ) : null}
            </>
          )}
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
