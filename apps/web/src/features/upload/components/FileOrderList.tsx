import { Badge, Group, List, Text } from '@mantine/core';
import { formatBytes } from '../lib/speed';

/** The chosen files, numbered in the order they will be joined. */
export function FileOrderList({ files }: { files: File[] }) {
  if (files.length === 0) return null;
  return (
    <List
      type="ordered"
      spacing={4}
      size="sm"
      aria-label="Files in join order"
      data-testid="upload-file-order"
    >
      {files.map((file, i) => (
        <List.Item key={`${i}-${file.name}`}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {file.name}
            </Text>
            <Badge variant="light" color="gray" size="sm">
              {formatBytes(file.size)}
            </Badge>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
