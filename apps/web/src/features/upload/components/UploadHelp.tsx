import { List, Text } from '@mantine/core';
import { UPLOAD_HELP_TEXT } from '../lib/files';

/** The upload help text of document 000 section 5. */
export function UploadHelp() {
  return (
    <div data-testid="upload-help">
      <Text size="sm" fw={600} mb={4}>
        Before you upload
      </Text>
      <List size="sm" spacing={2} c="gray.7">
        {UPLOAD_HELP_TEXT.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </div>
  );
}
