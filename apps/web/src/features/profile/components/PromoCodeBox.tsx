import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useSubmitLock } from '../../../lib/useSubmitLock';
import type { ClientUser } from '../../../stores/user';
import { useGrantCoupon } from '../api/useGrantCoupon';
import { CONTACT_US_LINE, promoFeedback } from '../lib/promo';

/** The partner-benefit note and the promo-code box (sections 2 and 8). */
export function PromoCodeBox({ user }: { user: ClientUser }) {
  const [code, setCode] = useState('');
  const [locked, lock] = useSubmitLock();
  const grant = useGrantCoupon();
  // The complimentary flag as it was when the code was sent: the refresh after a success
  // must not turn an earlier 'already-comp' answer into a different message.
  const [sentAs, setSentAs] = useState({ complimentary_access: false });
  const feedback = grant.data ? promoFeedback(grant.data, sentAs) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || locked) return;
    lock();
    setSentAs({ complimentary_access: user.complimentary_access === true });
    grant.mutate(trimmed);
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text data-testid="partner-benefit">
          Partner benefit: members get $20 off a cycling-federation membership with a promo code.{' '}
          <Anchor component={Link} to="/usacycling">
            Learn more
          </Anchor>
        </Text>
        <form onSubmit={onSubmit} aria-label="Promo code">
          <Group align="flex-end">
            <TextInput
              label="Promo code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={40}
              style={{ flex: 1 }}
              data-testid="promo-code-input"
            />
            <Button
              type="submit"
              disabled={locked || code.trim() === ''}
              loading={grant.isPending}
              data-testid="promo-code-submit"
            >
              Apply
            </Button>
          </Group>
        </form>
        {feedback && (
          <Alert
            color={feedback.tone === 'success' ? 'green' : 'red'}
            role="status"
            data-testid="promo-code-message"
          >
            {feedback.message && <Text size="sm">{feedback.message}</Text>}
            {feedback.contactUs && <Text size="sm">{CONTACT_US_LINE}</Text>}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
