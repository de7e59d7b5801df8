import { Badge, Card, Container, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import {
  carouselItemsPerView,
  deviceKindFromUserAgent,
  needsDesktopUpgrade,
  supportedDesktopVersions,
} from '@ridealong/contracts';
import { useState } from 'react';
import { getDesktopBridge } from '../../../lib/bridge';
import { useDesktopDownloads } from '../../../lib/useDesktopDownloads';
import { useGeneralStore } from '../../../stores/general';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="45%">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
}

/** /sandbox: a developer page showing the shared contract rules as this browser sees them. */
export function SandboxPage() {
  const { width } = useViewportSize();
  const electronMode = useGeneralStore((s) => s.electronMode);
  const demoMode = useGeneralStore((s) => s.demoMode);
  const [version, setVersion] = useState('');
  const bridge = getDesktopBridge() !== null;
  // The server's list (what it publishes included); this build's until it answers.
  const supported = useDesktopDownloads().data?.supported_versions ?? supportedDesktopVersions();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Sandbox</Title>
          <Text c="dimmed">The contracts&apos; rules, evaluated live in this window.</Text>
        </div>
        <Card withBorder radius="lg" padding={0}>
          <Table verticalSpacing="sm" horizontalSpacing="lg">
            <Table.Tbody>
              <Row label="Window width" value={`${width} px`} testId="sandbox-width" />
              <Row
                label="Carousel items per view"
                value={String(carouselItemsPerView(width))}
                testId="sandbox-items-per-view"
              />
              <Row
                label="Device kind"
                value={deviceKindFromUserAgent(navigator.userAgent)}
                testId="sandbox-device-kind"
              />
              <Row
                label="Desktop bridge present"
                value={bridge ? 'yes' : 'no'}
                testId="sandbox-bridge"
              />
              <Row
                label="Desktop mode"
                value={electronMode ? 'on' : 'off'}
                testId="sandbox-electron"
              />
              <Row label="Demo mode" value={demoMode ? 'on' : 'off'} testId="sandbox-demo" />
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Supported desktop versions
          </Title>
          <Group gap="xs" data-testid="sandbox-versions">
            {supported.map((v) => (
              <Badge key={v} variant="light" size="lg">
                {v}
              </Badge>
            ))}
          </Group>
          <TextInput
            mt="md"
            label="Try a version"
            placeholder="2.3.5"
            value={version}
            onChange={(e) => setVersion(e.currentTarget.value)}
          />
          {version !== '' && (
            <Text size="sm" mt="xs" data-testid="sandbox-version-result">
              {needsDesktopUpgrade(version, supported)
                ? 'Needs an upgrade (/upgrade)'
                : 'Supported'}
            </Text>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
