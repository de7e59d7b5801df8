import { ActionIcon, Badge, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { formatBadgeDuration } from '../../../lib/formatDuration';
import { formatBytes } from '../lib/speed';
import { type JoinFile, moveItem } from '../lib/desktopUploader';

type Props = { files: JoinFile[]; onChange: (files: JoinFile[]) => void };

const seconds = (v: string | number): number | null => (v === '' ? null : Math.max(0, Number(v)));

/** The picked files in join order: move them, remove them, cut each one's start and end. */
export function DesktopFileList({ files, onChange }: Props) {
  if (files.length === 0) return null;
  const update = (i: number, patch: Partial<JoinFile>) =>
    onChange(files.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <Stack
      gap="xs"
      component="ol"
      aria-label="Files in join order"
      p={0}
      m={0}
      data-testid="uploader-files"
    >
      {files.map((f, i) => (
        <Paper key={f.token} component="li" withBorder p="sm" style={{ listStyle: 'none' }}>
          <Group justify="space-between" wrap="nowrap" mb="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <Badge variant="filled" aria-hidden>
                {i + 1}
              </Badge>
              <Text size="sm" fw={600} truncate>
                {f.name}
              </Text>
              <Text size="xs" c="gray.7">
                {formatBytes(f.size)}
                {f.duration !== null ? ` · ${formatBadgeDuration(Math.round(f.duration))}` : ''}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                aria-label={`Move ${f.name} up`}
                disabled={i === 0}
                onClick={() => onChange(moveItem(files, i, -1))}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={`Move ${f.name} down`}
                disabled={i === files.length - 1}
                onClick={() => onChange(moveItem(files, i, 1))}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="default"
                color="red"
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
          <Group grow>
            <NumberInput
              size="xs"
              label={`Start offset of ${f.name} (seconds)`}
              placeholder="0"
              min={0}
              max={f.duration ?? 86_400}
              decimalScale={3}
              allowNegative={false}
              value={f.startOffset ?? ''}
              onChange={(v) => update(i, { startOffset: seconds(v) })}
            />
            <NumberInput
              size="xs"
              label={`End offset of ${f.name} (seconds)`}
              placeholder="0"
              min={0}
              max={f.duration ?? 86_400}
              decimalScale={3}
              allowNegative={false}
              value={f.endOffset ?? ''}
              onChange={(v) => update(i, { endOffset: seconds(v) })}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
