import { Table } from '@mantine/core';
import type { UnitSystem } from '@ridealong/contracts';
import { RideBoardCard } from '../RideBoardCard';
import { formatGapMetres, formatGapSeconds, formatWkg, type BoardRow } from './ghostBoard';

/**
 * A reactive ride's board beside the video, in the live leaderboard's place and look: the
 * rider and the ghosts by distance, each with the gap in seconds and in distance (positive:
 * the ghost is ahead) and W/kg.
 */
export function GhostBoard({ rows, units }: { rows: readonly BoardRow[]; units: UnitSystem }) {
  return (
    <RideBoardCard title="Ghosts" testId="ghost-board" titleId="ghost-board-title">
      <Table.Thead style={VISUALLY_HIDDEN}>
        <Table.Tr>
          <Table.Th>Rider</Table.Th>
          <Table.Th>Gap</Table.Th>
          <Table.Th>W/kg</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <GhostRow key={row.key} row={row} units={units} />
        ))}
      </Table.Tbody>
    </RideBoardCard>
  );
}

/** Column names for screen readers only: the board is small over the video. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function GhostRow({ row, units }: { row: BoardRow; units: UnitSystem }) {
  const seconds = formatGapSeconds(row.gapSeconds, row.gapEstimated);
  const metres = formatGapMetres(row.gapMetres, units);
  return (
    <Table.Tr
      data-testid="ghost-row"
      data-self={row.self ? 'true' : 'false'}
      aria-current={row.self ? 'true' : undefined}
      bg={row.self ? 'rgba(34, 139, 230, 0.55)' : undefined}
      fw={row.self ? 700 : undefined}
    >
      <Table.Td
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: 90 }}
      >
        {row.name}
      </Table.Td>
      <Table.Td ta="right" fz="xs" data-testid="ghost-gap" style={{ whiteSpace: 'nowrap' }}>
        {row.self
          ? ''
          : row.distance === null
            ? '—'
            : [seconds, metres].filter(Boolean).join(' · ')}
      </Table.Td>
      <Table.Td ta="right" fz="xs" data-testid="ghost-wkg" style={{ whiteSpace: 'nowrap' }}>
        {formatWkg(row.wkg)}
      </Table.Td>
    </Table.Tr>
  );
}
