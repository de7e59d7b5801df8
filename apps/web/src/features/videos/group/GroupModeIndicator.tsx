import { Badge, Button, Group } from '@mantine/core';

type GroupModeIndicatorProps = {
  isHost: boolean;
  /** The host's Cancel while the event is under way (the waiting room has its own). */
  onCancel: (() => void) | null;
  busy: boolean;
};

/** The mode indicator (document 001 section 2): group mode, and whether this rider hosts. */
export function GroupModeIndicator({ isHost, onCancel, busy }: GroupModeIndicatorProps) {
  return (
    <Group
      gap={6}
      pos="absolute"
      top={12}
      left={12}
      style={{ zIndex: 5 }}
      data-testid="group-mode"
      aria-label={isHost ? 'Group mode, hosting' : 'Group mode'}
    >
      <Badge color="grape" variant="filled">
        Group mode
      </Badge>
      {isHost ? (
        <Badge color="yellow" variant="filled" data-testid="group-host-badge">
          Host
        </Badge>
      ) : null}
      {onCancel ? (
        <Button
          size="compact-xs"
          color="red"
          variant="filled"
          onClick={onCancel}
          loading={busy}
          data-testid="group-cancel-event"
        >
          Cancel event
        </Button>
      ) : null}
    </Group>
  );
}
