import { Alert, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { UserStats } from '@ridealong/contracts';
import { useUnits } from '../../../lib/units';
import { STAT_PERIODS, statRows, statTabs, statTabTitle, type StatTab } from '../lib/stats';
import { useUserStats } from '../api/useUserStats';

/** The sidebar's totals: Time (mins), Rides, Power (avg. watts), Distance (mi or km). */
export function StatsCard({ userId }: { userId: string }) {
  const stats = useUserStats(userId);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="stats-card">
      <Text fw={700} mb="sm">
        My Stats
      </Text>
      {stats.isPending ? (
        <Stack gap="xs" aria-label="Loading stats">
          {STAT_PERIODS.map(({ period }) => (
            <Skeleton key={period} h={20} />
          ))}
        </Stack>
      ) : stats.isError ? (
        <Alert color="red" variant="light" data-testid="stats-error" title="Stats unavailable">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Your totals could not be loaded: {stats.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <StatsTabs stats={stats.data} />
      )}
    </Card>
  );
}

function StatsTabs({ stats }: { stats: UserStats }) {
  const units = useUnits();
  const tabs = statTabs(units);
  return (
    <Tabs defaultValue={'time' satisfies StatTab} variant="pills" radius="xl">
      <Tabs.List mb="sm" style={{ gap: 4 }}>
        {tabs.map((info) => (
          <Tabs.Tab
            key={info.tab}
            value={info.tab}
            px="sm"
            fz="xs"
            fw={600}
            data-testid={`stats-tab-${info.tab}`}
          >
            {statTabTitle(info)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((info) => (
        <Tabs.Panel key={info.tab} value={info.tab} data-testid={`stats-panel-${info.tab}`}>
          <Stack gap={6}>
            {statRows(stats, info.tab, units).map((row) => (
              <Group key={row.period} justify="space-between" wrap="nowrap">
                <Text size="sm" c="gray.7">
                  {row.label}
                </Text>
                <Text size="sm" fw={700} data-testid={`stats-${info.tab}-${row.period}`}>
                  {row.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
