import { Table } from '@mantine/core';
import { displayedPower, type LeaderboardEntry } from '@ridealong/contracts';
import { isSelfEntry, liveRows } from './liveLeaderboard';
import { RideBoardCard } from './RideBoardCard';

type RideLeaderboardProps = {
  entries: readonly LeaderboardEntry[];
  trackId: number | null;
  /** The group ride draws its own board in the same look. */
  title?: string;
  testId?: string;
};

/**
 * The live leaderboard beside the video: this second's riders by accumulated power, the top 10
 * or the top 3, an ellipsis and the rider's 5 neighbours, with the ranks the server counted
 * (liveRows); the rider's own row highlighted.
 */
export function RideLeaderboard({
  entries,
  trackId,
  title = 'Leaderboard',
  testId = 'ride-leaderboard',
}: RideLeaderboardProps) {
  const rows = liveRows(entries, trackId);
  return (
    <RideBoardCard title={title} testId={testId}>
      <Table.Tbody>
        {rows.map((row, i) =>
          row.kind === 'gap' ? (
            <Table.Tr key={`gap-${i}`} data-testid="leaderboard-gap">
              <Table.Td colSpan={3} ta="center">
                …
              </Table.Td>
            </Table.Tr>
          ) : (
            <LeaderboardRow
              key={`${row.entry.track_id}`}
              rank={row.rank}
              entry={row.entry}
              self={isSelfEntry(row.entry, trackId)}
            />
          ),
        )}
      </Table.Tbody>
    </RideBoardCard>
  );
}

function LeaderboardRow({
  rank,
  entry,
  self,
}: {
  rank: number;
  entry: LeaderboardEntry;
  self: boolean;
}) {
  return (
    <Table.Tr
      data-testid="leaderboard-row"
      data-self={self ? 'true' : 'false'}
      aria-current={self ? 'true' : undefined}
      bg={self ? 'rgba(34, 139, 230, 0.55)' : undefined}
      fw={self ? 700 : undefined}
      style={entry.active ? undefined : { opacity: 0.6 }}
    >
      <Table.Td w={24}>{rank}</Table.Td>
      <Table.Td
        style={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          maxWidth: 130,
        }}
      >
        {entry.username || 'Rider'}
      </Table.Td>
      <Table.Td ta="right">
        {displayedPower(entry.accumulated_power, entry.elapsed_time + 1)} W
      </Table.Td>
    </Table.Tr>
  );
}
