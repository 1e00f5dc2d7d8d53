import type { LocalCardRequest } from '../../../shared/schemas/billing';
import { CardDeclinedError, InsufficientFundsError } from '../../domain/billing/billing-port';

/**
 * Stripe's test card numbers, with what Stripe does with each: the local provider behaves the same, so what
 * works locally works in Stripe test mode. A card refused on attach is refused when saved; the 0341 card is
 * saved but every charge on it fails.
 */
interface TestCard {
  brand: string;
  outcome: 'succeeds' | 'declined' | 'insufficient_funds' | 'charge_declined';
}

const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '4000056655665556': { brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds' },
  '378282246310005': { brand: 'amex', outcome: 'succeeds' },
  '6011111111111117': { brand: 'discover', outcome: 'succeeds' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient_funds' },
  '4000000000000341': { brand: 'visa', outcome: 'charge_declined' },
};

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';

/** A card as the local provider knows it: everything is in its id, `pm_local_<number>_<month>_<year>_<nonce>`. */
export interface LocalCard extends TestCard {
  id: string;
  number: string;
  expirationMonth: number;
  expirationYear: number;
}

const LOCAL_CARD_ID = /^pm_local_(\d{12,19})_(\d{1,2})_(\d{4})_[a-f0-9]{8}$/;

export function parseLocalCardId(id: string): LocalCard | undefined {
  const match = LOCAL_CARD_ID.exec(id);
  if (!match) return undefined;
  const [, number = '', month = '', year = ''] = match;
  const card = TEST_CARDS[number];
  return card && { ...card, id, number, expirationMonth: Number(month), expirationYear: Number(year) };
}

/** The first second after the card's expiry month. */
export function cardExpiresAt(card: Pick<LocalCard, 'expirationMonth' | 'expirationYear'>): number {
  return Date.UTC(card.expirationYear, card.expirationMonth, 1) / 1000;
}

/** What the card form's number, expiry and CVC make: checked as Stripe Elements checks them. */
export function tokenizeTestCard(request: LocalCardRequest, nonce: string, now: Date): LocalCard {
  const card = TEST_CARDS[request.number];
  if (!card) throw new CardDeclinedError('Your card number is incorrect.', 'incorrect_number');
  const expiry = { expirationMonth: request.expiration_month, expirationYear: request.expiration_year };
  if (cardExpiresAt(expiry) <= now.getTime() / 1000) {
    throw new CardDeclinedError("Your card's expiration date is in the past.", 'invalid_expiry_year');
  }
  if (request.cvc.length !== (card.brand === 'amex' ? 4 : 3)) {
    throw new CardDeclinedError("Your card's security code is invalid.", 'invalid_cvc');
  }
  const id = `pm_local_${request.number}_${expiry.expirationMonth}_${expiry.expirationYear}_${nonce}`;
  return { ...card, ...expiry, id, number: request.number };
}

/** Saving the card: the cards Stripe refuses on attach are refused here, with Stripe's messages. */
export function requireAttachable(card: LocalCard, now: Date): void {
  if (card.outcome === 'declined') throw new CardDeclinedError(CARD_DECLINED_MESSAGE);
  if (card.outcome === 'insufficient_funds') throw new InsufficientFundsError(INSUFFICIENT_FUNDS_MESSAGE);
  if (cardExpiresAt(card) <= now.getTime() / 1000)
    throw new CardDeclinedError('Your card has expired.', 'expired_card');
}

/** Whether a charge at `at` (unix seconds) goes through. */
export function chargeSucceeds(card: LocalCard, at: number): boolean {
  return card.outcome === 'succeeds' && at < cardExpiresAt(card);
}
