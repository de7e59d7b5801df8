import { Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adStatsQuery } from '../api/queries';

/** An ad's last 30 days of counts, newest first. */
export function AdStatsTable({ id }: { id: number }) {
  const stats = useQuery(adStatsQuery(id, 30));
  if (stats.isPending) return <Loader size="sm" aria-label="Loading stats" />;
  if (stats.isError) return <Text c="red">{stats.error.message}</Text>;
  const days = [...stats.data.days].sort((a, b) => b.day.localeCompare(a.day));
  if (days.length === 0)
    return <Text c="dimmed">No impressions or clicks in the last 30 days.</Text>;
  return (
    <Table striped withTableBorder aria-label="Daily counts" data-testid={`ad-stats-${id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day (UTC)</Table.Th>
          <Table.Th>Impressions</Table.Th>
          <Table.Th>Clicks</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {days.map((d) => (
          <Table.Tr key={d.day}>
            <Table.Td>{d.day}</Table.Td>
            <Table.Td>{d.impressions}</Table.Td>
            <Table.Td>{d.clicks}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
