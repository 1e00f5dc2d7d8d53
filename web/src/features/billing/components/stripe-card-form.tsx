import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { CardEntryProps } from './card-entry';

const GENERIC_CARD_ERROR = 'There was an error updating your payment method. Please try again later.';

let stripeLoading: Promise<Stripe | null> | undefined;
/** Stripe.js is loaded once per page, on the first card entry. */
const loadStripeOnce = (publishableKey: string) => (stripeLoading ??= loadStripe(publishableKey));

/** Card entry through Stripe Elements: the card never reaches our server, only its payment-method id. */
export function StripeCardForm({ publishableKey, ...props }: CardEntryProps & { publishableKey: string }) {
  return (
    <Elements stripe={loadStripeOnce(publishableKey)}>
      <ElementsCardForm {...props} />
    </Elements>
  );
}

function ElementsCardForm({ onCard, submitLabel }: CardEntryProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        setError(result.error.message ?? GENERIC_CARD_ERROR);
        return;
      }
      const { id, card: details } = result.paymentMethod;
      await onCard({ id, brand: details?.brand ?? 'card', last_four: details?.last4 ?? '' });
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 402 ? failure.message : GENERIC_CARD_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Card details">
      <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <CardElement
          options={{ hidePostalCode: true }}
          onChange={(event) => {
            setComplete(event.complete);
            setError(event.error?.message ?? null);
            // Spec §4: the form submits itself once the card input reports complete.
            if (event.complete) void submit();
          }}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={!complete || busy || !stripe} sx={{ mt: 2 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
