import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { tokenizeLocalCard } from '../../../api/billing';
import { ApiError } from '../../../lib/api-client';
import {
  brandName,
  cardBrand,
  cardNumberLength,
  cvcLength,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '../card-brand';
import type { CardEntryProps } from './card-entry';

const GENERIC_CARD_ERROR = 'There was an error updating your payment method. Please try again later.';

/**
 * The embedded runtime's card form, standing in for Stripe Elements: number, expiry and CVC formatted as
 * typed, the brand shown, and submitted by itself as soon as all three are complete (spec §4). The local
 * provider accepts Stripe's test cards and answers with Stripe's messages.
 */
export function LocalCardForm({ onCard, submitLabel }: CardEntryProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A complete card is sent once, not again on every render until it changes.
  const lastSubmitted = useRef('');

  const digits = number.replace(/\D/g, '');
  const brand = cardBrand(digits);
  const parsedExpiry = parseExpiry(expiry);
  const complete =
    digits.length === cardNumberLength(brand) &&
    parsedExpiry !== undefined &&
    cvc.length === cvcLength(brand);

  const submit = async (card: { digits: string; expiry: NonNullable<typeof parsedExpiry>; cvc: string }) => {
    setBusy(true);
    setError(null);
    try {
      const method = await tokenizeLocalCard({
        number: card.digits,
        expiration_month: card.expiry.month,
        expiration_year: card.expiry.year,
        cvc: card.cvc,
      });
      await onCard(method);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 402 ? failure.message : GENERIC_CARD_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const submitWhenComplete = (next: { number: string; expiry: string; cvc: string }) => {
    const nextDigits = next.number.replace(/\D/g, '');
    const nextBrand = cardBrand(nextDigits);
    const nextExpiry = parseExpiry(next.expiry);
    const key = `${nextDigits}|${next.expiry}|${next.cvc}`;
    if (
      nextDigits.length !== cardNumberLength(nextBrand) ||
      !nextExpiry ||
      next.cvc.length !== cvcLength(nextBrand) ||
      key === lastSubmitted.current
    ) {
      return;
    }
    lastSubmitted.current = key;
    void submit({ digits: nextDigits, expiry: nextExpiry, cvc: next.cvc });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || !parsedExpiry) return;
    void submit({ digits, expiry: parsedExpiry, cvc });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Card details">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' } }}>
        <TextField
          label="Card number"
          value={number}
          onChange={(event) => {
            const next = formatCardNumber(event.target.value);
            setNumber(next);
            submitWhenComplete({ number: next, expiry, cvc });
          }}
          placeholder="1234 1234 1234 1234"
          autoComplete="cc-number"
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          slotProps={{
            htmlInput: { inputMode: 'numeric' },
            input: {
              endAdornment: digits.length > 0 && (
                <InputAdornment position="end">
                  <Chip
                    size="small"
                    label={brandName(brand)}
                    aria-label={`Card brand: ${brandName(brand)}`}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          label="Expiry"
          value={expiry}
          onChange={(event) => {
            const next = formatExpiry(event.target.value, expiry);
            setExpiry(next);
            submitWhenComplete({ number, expiry: next, cvc });
          }}
          placeholder="MM / YY"
          autoComplete="cc-exp"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="CVC"
          value={cvc}
          onChange={(event) => {
            const next = event.target.value.replace(/\D/g, '').slice(0, cvcLength(brand));
            setCvc(next);
            submitWhenComplete({ number, expiry, cvc: next });
          }}
          placeholder={brand === 'amex' ? '1234' : '123'}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={!complete || busy} sx={{ mt: 2 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
