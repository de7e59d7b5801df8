import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatLayerDuration, formatLayerTime } from '../lib/formatLayerTime';
import type { ListedLayer } from '../lib/listedLayers';
import { VOICEOVER_TEXT } from '../lib/messages';
import { Waveform } from './Waveform';

type LayerListProps = {
  rows: readonly ListedLayer[];
  /** The owner in the desktop app: each row has Delete. */
  onDelete: ((row: ListedLayer) => void) | null;
  /** Rows whose Delete is busy or not allowed now (a save in progress, say). */
  deleteDisabled: (row: ListedLayer) => boolean;
};

/** The video's voiceovers in the order they play, or the spec's empty state. */
export function LayerList({ rows, onDelete, deleteDisabled }: LayerListProps) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="voiceover-empty">
        {VOICEOVER_TEXT.empty}
      </Text>
    );
  }
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label="Voiceovers"
      style={{ listStyle: 'none', padding: 0 }}
    >
      {rows.map((row) => (
        <LayerRow
          key={row.key}
          row={row}
          onDelete={onDelete}
          deleteDisabled={deleteDisabled(row)}
        />
      ))}
    </Stack>
  );
}

function LayerRow({
  row,
  onDelete,
  deleteDisabled,
}: {
  row: ListedLayer;
  onDelete: LayerListProps['onDelete'];
  deleteDisabled: boolean;
}) {
  const { layer } = row;
  const range = `${formatLayerTime(layer.start_index)} – ${formatLayerTime(layer.end_index)}`;
  const spoken = `from ${formatLayerTime(layer.start_index)} to ${formatLayerTime(layer.end_index)}`;
  const status = row.kind === 'saved' ? row.layer.status : 'unsaved';
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-testid="voiceover-layer"
      data-layer-type={row.kind === 'saved' ? 'SAVED' : 'UNSAVED'}
      data-status={status}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="sm">
          <Text fw={500}>{range}</Text>
          <Text size="sm" c="dimmed">
            {formatLayerDuration(layer.duration)}
          </Text>
          {row.kind === 'unsaved' ? (
            <Badge color="orange" variant="light">
              Unsaved
            </Badge>
          ) : null}
        </Group>
        {onDelete ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onDelete(row)}
            disabled={deleteDisabled}
            aria-label={`Delete the voiceover ${spoken}`}
            data-testid="voiceover-delete"
          >
            Delete
          </Button>
        ) : null}
      </Group>
      <LayerBody row={row} spoken={spoken} />
    </Paper>
  );
}

function LayerBody({ row, spoken }: { row: ListedLayer; spoken: string }) {
  if (row.kind === 'unsaved')
    return (
      <Text size="sm" c="dimmed">
        Recorded, not saved yet.
      </Text>
    );
  if (row.layer.status === 'processing')
    return (
      <Text size="sm" c="dimmed" data-testid="voiceover-processing">
        {VOICEOVER_TEXT.processing}
      </Text>
    );
  if (row.layer.status === 'failed')
    return (
      <Text size="sm" c="red">
        {VOICEOVER_TEXT.failed}
      </Text>
    );
  return (
    <Waveform peaksData={row.layer.peaks_data} label={`Waveform of the voiceover ${spoken}`} />
  );
}
