import { Anchor, Modal, ScrollArea, Text } from '@mantine/core';
import { useState } from 'react';
import { PrivacyText } from '../../../components/legal/PrivacyText';
import { TermsText } from '../../../components/legal/TermsText';

type Open = 'terms' | 'privacy' | null;

/** Footer links that open the Terms of Service and Privacy Policy in a wide modal. */
export function LegalLinks() {
  const [open, setOpen] = useState<Open>(null);
  return (
    <>
      <Text size="xs" c="dimmed" ta="center" mt="md">
        By continuing you agree to our{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen('terms')}>
          Terms of Service
        </Anchor>{' '}
        and{' '}
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen('privacy')}>
          Privacy Policy
        </Anchor>
        .
      </Text>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        title={open === 'privacy' ? 'Privacy Policy' : 'Terms of Service'}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        {open === 'terms' && <TermsText variant="terms" />}
        {open === 'privacy' && <PrivacyText />}
      </Modal>
    </>
  );
}
