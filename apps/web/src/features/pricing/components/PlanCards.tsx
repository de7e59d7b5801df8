import { Button, SimpleGrid } from '@mantine/core';
import type { AccountLevel } from '@ridealong/contracts';
import { displayedPrice, type Billing, type PaidPlan } from '../lib/prices';
import { CardBadge, PlanCard } from './PlanCard';

type Props = {
  billing: Billing;
  level: AccountLevel | null;
  /** Whether Buy is offered (canBuy); guests and paying members get no Buy button. */
  buyable: boolean;
  buying: boolean;
  onBuy: (plan: PaidPlan) => void;
};

const currentBadge = (plan: string) => (
  <CardBadge testId={`plan-current-${plan}`}>Your plan</CardBadge>
);

/**
 * Free, Core and Pro. Only Core is sold here: document 000 marks Pro 'coming soon' and names a
 * single 'Buy Core' button, so Pro shows its price with the badge and no Buy button.
 */
export function PlanCards({ billing, level, buyable, buying, onBuy }: Props) {
  const core = displayedPrice('core', billing);
  const pro = displayedPrice('pro', billing);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <PlanCard
        plan="free"
        name="Free"
        tagline="Ad-supported. Ride, join challenges and track your fitness."
        perMonth={0}
        note="Free forever"
        badge={level === 'free' ? currentBadge('free') : undefined}
      />
      <PlanCard
        plan="core"
        name="Core"
        tagline="Ad-free workouts and community videos in SD."
        perMonth={core.perMonth}
        note={core.note}
        badge={level === 'core' ? currentBadge('core') : undefined}
        action={
          buyable && (
            <Button
              size="md"
              radius="xl"
              loading={buying}
              onClick={() => onBuy('core')}
              data-testid="buy-core"
            >
              Buy Core
            </Button>
          )
        }
      />
      <PlanCard
        plan="pro"
        name="Pro"
        tagline="Everything in Core, HD video and exclusive content."
        perMonth={pro.perMonth}
        note={pro.note}
        badge={
          level === 'pro' ? (
            currentBadge('pro')
          ) : (
            <CardBadge testId="plan-coming-soon-pro">Coming soon</CardBadge>
          )
        }
      />
    </SimpleGrid>
  );
}
