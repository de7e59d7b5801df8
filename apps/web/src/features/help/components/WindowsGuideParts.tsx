import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';

/** ANT+ and Bluetooth side by side: what each connection gives a Windows rider. */
export function ConnectionCard({
  name,
  recommended,
  points,
}: {
  name: string;
  recommended?: boolean;
  points: string[];
}) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {name}
        </Title>
        {recommended && (
          <Badge color="teal" variant="light">
            Recommended
          </Badge>
        )}
      </Group>
      <List size="sm" spacing={6}>
        {points.map((p) => (
          <List.Item key={p}>{p}</List.Item>
        ))}
      </List>
    </Card>
  );
}

/** A titled block of numbered instructions. */
export function NumberedSteps({
  title,
  intro,
  steps,
  testId,
}: {
  title: string;
  intro?: string;
  steps: string[];
  testId?: string;
}) {
  return (
    <Stack gap="sm" component="section" data-testid={testId}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
      <List type="ordered" spacing="sm" withPadding>
        {steps.map((s) => (
          <List.Item key={s}>{s}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
