import { Alert, Card, Center, Container, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { canBuy } from '@ridealong/contracts';
import { PlanFeatureTable } from '../../../components/PlanFeatureTable';
import { asSentence } from '../../../lib/sentence';
import { selectSignedIn, useUserStore } from '../../../stores/user';
import { usePaymentSetup } from '../api/usePaymentSetup';
import { PlanCards } from '../components/PlanCards';
import { PricingHeader } from '../components/PricingHeader';
import { useBuy } from '../hooks/useBuy';
import { useBillingPortal } from '../../../lib/useBillingPortal';
import type { Billing } from '../lib/prices';

/** /pricing: the plan message, the Free/Core/Pro cards, the feature table (document 000). */
export function PricingPage() {
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.user);
  const [billing, setBilling] = useState<Billing>('yearly');
  const setup = usePaymentSetup(signedIn);
  const { buy, pending: buying, error: buyError } = useBuy(setup.data);
  const portal = useBillingPortal();
  const member = signedIn ? user : null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <PricingHeader user={member} onOpenPortal={portal.open} portalPending={portal.pending} />
        {setup.data?.provider === 'local' && (
          <Text size="sm" c="dimmed" ta="center" data-testid="pricing-test-provider-note">
            Payments go to the built-in test provider: no real card is charged.
          </Text>
        )}
        {setup.error && (
          <Alert
            color="yellow"
            title="Prices could not be loaded"
            data-testid="pricing-setup-error"
          >
            {asSentence(setup.error.message)} You can still buy; the server picks the price for the
            plan.
          </Alert>
        )}
        {buyError && (
          <Alert color="red" title="The checkout could not start" data-testid="pricing-buy-error">
            {buyError.message}
          </Alert>
        )}
        {portal.error && (
          <Alert color="red" title="Billing could not be opened" data-testid="pricing-portal-error">
            {portal.error.message}
          </Alert>
        )}
        <Center>
          <Switch
            label="Pay monthly"
            checked={billing === 'monthly'}
            onChange={(e) => setBilling(e.currentTarget.checked ? 'monthly' : 'yearly')}
            data-testid="pay-monthly-switch"
          />
        </Center>
        <PlanCards
          billing={billing}
          level={member?.account_level ?? null}
          buyable={canBuy(member)}
          buying={buying}
          onBuy={(plan) => buy(plan, billing)}
        />
        <Card withBorder radius="lg" padding="lg">
          <PlanFeatureTable />
        </Card>
      </Stack>
    </Container>
  );
}
