import { Suspense } from 'react';
import { webEnv } from '../../../config/env';
import { lazyComponent } from '../../../lib/lazy-component';
import { LocalCardForm } from './local-card-form';

/** The card a form produced: the provider's payment-method id and what the page shows of it. */
export interface EnteredCard {
  id: string;
  brand: string;
  last_four: string;
}

export interface CardEntryProps {
  /** Called once per complete card (spec §4: the form submits itself), or when the button is pressed. */
  onCard: (card: EnteredCard) => Promise<void>;
  /** The submit button's label: 'UPDATE' on /subscribe, 'Update' on /payment. */
  submitLabel: string;
}

// Stripe's script is only loaded where Stripe is the provider and a card is being entered.
const StripeCardForm = lazyComponent(() => import('./stripe-card-form'), 'StripeCardForm');

/** Card entry: Stripe Elements when a publishable key is configured, otherwise the local card form. */
export function CardEntry(props: CardEntryProps) {
  const publishableKey = webEnv.stripePublishableKey;
  if (!publishableKey) return <LocalCardForm {...props} />;
  return (
    <Suspense fallback={null}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
