import { Box, Button, Checkbox, Loader, Popover, Stack, Text } from '@mantine/core';
import {
  GHOST_RANK_LIMIT,
  MAX_GHOSTS,
  type GhostsResponse,
  type UnitSystem,
} from '@ridealong/contracts';
import {
  candidateResult,
  candidatesOf,
  pickedIds,
  togglePick,
  type Candidate,
  type GhostPick,
} from './ghostBoard';

type GhostPickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Undefined while loading. */
  data: GhostsResponse | undefined;
  error: boolean;
  pick: GhostPick;
  onPick: (pick: GhostPick) => void;
  units: UnitSystem;
};

/**
 * Before a solo reactive ride: 'Ghosts' opens the rides to ride with (own best, leaders, the
 * rides around the rider's), up to MAX_GHOSTS ticked, or the app's choice (the default).
 */
export function GhostPicker(props: GhostPickerProps) {
  const { open, onOpenChange, data, error, pick, onPick, units } = props;
  return (
    <Popover
      opened={open}
      onChange={onOpenChange}
      position="bottom"
      width={320}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          size="sm"
          radius="xl"
          variant="default"
          onClick={() => onOpenChange(!open)}
          data-testid="ghost-picker-button"
        >
          Ghosts{pick === 'auto' ? '' : ` (${pick.length})`}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="ghost-picker">
        {data ? (
          <PickerBody data={data} pick={pick} onPick={onPick} units={units} />
        ) : error ? (
          <Text size="sm" c="red.8" role="alert">
            The ghosts could not be loaded.
          </Text>
        ) : (
          <Loader size="sm" aria-label="Loading ghosts" />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function PickerBody({
  data,
  pick,
  onPick,
  units,
}: {
  data: GhostsResponse;
  pick: GhostPick;
  onPick: (pick: GhostPick) => void;
  units: UnitSystem;
}) {
  const candidates = candidatesOf(data);
  const ids = pickedIds(pick, data);
  const full = ids.length >= MAX_GHOSTS;
  const groups = [...new Set(candidates.map((c) => c.group.key))].map((key) =>
    candidates.filter((c) => c.group.key === key),
  );
  return (
    <Stack gap="xs">
      <Checkbox
        label="Let the app choose"
        checked={pick === 'auto'}
        onChange={(e) => onPick(e.currentTarget.checked ? 'auto' : data.chosen)}
      />
      {candidates.length === 0 ? (
        <Text size="sm">No one has ridden this video reactively yet.</Text>
      ) : (
        <Box mah={300} style={{ overflowY: 'auto' }}>
          <Stack gap="xs">
            {groups.map((group) => (
              <CandidateGroupBox
                key={group[0]!.group.key}
                group={group}
                ids={ids}
                full={full}
                units={units}
                onToggle={(track) => onPick(togglePick(pick, data, track))}
              />
            ))}
          </Stack>
        </Box>
      )}
      <Text size="xs" c="dimmed" role="status">
        {ids.length} of {MAX_GHOSTS} ghosts
      </Text>
    </Stack>
  );
}

function CandidateGroupBox({
  group,
  ids,
  full,
  units,
  onToggle,
}: {
  group: Candidate[];
  ids: readonly number[];
  full: boolean;
  units: UnitSystem;
  onToggle: (track: number) => void;
}) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <Text component="legend" size="xs" tt="uppercase" fw={700} c="dimmed" mb={4}>
        {group[0]!.group.label}
      </Text>
      <Stack gap={6}>
        {group.map(({ ride, own }) => {
          const checked = ids.includes(ride.track_id);
          return (
            <Checkbox
              key={ride.track_id}
              checked={checked}
              disabled={full && !checked}
              onChange={() => onToggle(ride.track_id)}
              data-testid="ghost-candidate"
              label={`${own ? 'Your best: ' : ''}${rankLabel(ride.rank)} ${ride.display_name || 'Rider'} · ${candidateResult(ride, units)}`}
            />
          );
        })}
      </Stack>
    </fieldset>
  );
}

/** '#12', or past the counting limit (the server stops counting there) '#10,000+'. */
function rankLabel(rank: number | null): string {
  return rank === null ? `#${GHOST_RANK_LIMIT.toLocaleString('en-US')}+` : `#${rank}`;
}
