import { Anchor, Stack, Text } from '@mantine/core';
import { LEGAL_DOCUMENTS_DATE } from '@ridealong/contracts';
import { LegalSections } from './LegalSections';
import { PRIVACY_EMAIL, privacySections } from './privacySections';

/** The full Privacy Policy; the caller supplies the document heading (page or modal). */
export function PrivacyText() {
  return (
    <Stack gap="lg" data-testid="privacy-text">
      <Text size="sm" c="dimmed">
        Last updated: {LEGAL_DOCUMENTS_DATE}
      </Text>
      <Text size="sm" lh={1.7}>
        Your privacy matters to us. This policy describes how RideAlong handles your personal
        information when you ride, upload and share with us. If you have questions at any time,
        write to <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>.
      </Text>
      <LegalSections sections={privacySections} />
    </Stack>
  );
}
