import { Alert, Button, Card, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { TERMS_MINIMUM_AGE } from '@ridealong/contracts';
import { TermsText } from '../../../components/legal/TermsText';

type Props = {
  readOnly: boolean;
  onAgree: () => void;
  pending: boolean;
  error: string | null;
};

/** The full agreement in a scrollable box, with 'I Agree' unless it is shown read-only. */
export function AgreementPanel({ readOnly, onAgree, pending, error }: Props) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" data-testid="agreement-panel">
      <Stack gap="md">
        <div>
          <Title order={1}>Terms of Service</Title>
          <Text c="dimmed" mt={4}>
            {readOnly
              ? 'The agreement between you and RideAlong.'
              : `Please read the agreement below. By clicking 'I Agree' you confirm that you are ${TERMS_MINIMUM_AGE} or older and accept these terms.`}
          </Text>
        </div>
        <ScrollArea
          h={440}
          type="auto"
          offsetScrollbars
          p="md"
          bg="var(--mantine-color-gray-0)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          tabIndex={0}
          aria-label="Terms of Service agreement"
        >
          <TermsText variant="agreement" />
        </ScrollArea>
        {error && (
          <Alert
            color="red"
            variant="light"
            title="We could not record your agreement"
            role="alert"
          >
            {error}
          </Alert>
        )}
        {!readOnly && (
          <Group justify="flex-end">
            <Button size="md" radius="xl" onClick={onAgree} loading={pending}>
              I Agree
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
