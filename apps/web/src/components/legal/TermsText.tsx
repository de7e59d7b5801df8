import { Stack, Text } from '@mantine/core';
import { LEGAL_DOCUMENTS_DATE } from '@ridealong/contracts';
import { LegalSections } from './LegalSections';
import { termsLegalSections, type TermsVariant } from './termsLegalSections';
import { termsServiceSections } from './termsSections';

/**
 * The full Terms of Service. The caller supplies the document heading (page, modal or
 * agreement panel), so the text itself starts at its date line.
 */
export function TermsText({ variant }: { variant: TermsVariant }) {
  const sections = [...termsServiceSections, ...termsLegalSections(variant)];
  return (
    <Stack gap="lg" data-testid="terms-text" data-variant={variant}>
      <Text size="sm" c="dimmed">
        Last updated: {LEGAL_DOCUMENTS_DATE}
      </Text>
      <Text size="sm" lh={1.7}>
        Welcome to RideAlong, the indoor cycling service where members ride community-recorded
        outdoor videos on their smart trainers, alone or together. Please read these Terms
        carefully: they explain your rights and obligations, limit our liability, and set a time
        limit for bringing claims.
      </Text>
      <LegalSections sections={sections} />
    </Stack>
  );
}
