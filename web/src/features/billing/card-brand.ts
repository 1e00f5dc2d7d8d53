/**
 * Card numbers as the local card form shows them while typed: the brand from the leading digits, grouped
 * digits, and when the number is complete. Stripe Elements does the same for itself.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** Visa, Mastercard, …: as the provider's brand code reads in a sentence. */
export function brandName(brand: string): string {
  return BRAND_NAMES[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export const cardNumberLength = (brand: CardBrand) => (brand === 'amex' ? 15 : 16);
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

/** 4242 4242 4242 4242; American Express 3782 822463 10005. */
export function formatCardNumber(typed: string): string {
  const brand = cardBrand(typed.replace(/\D/g, ''));
  const digits = typed.replace(/\D/g, '').slice(0, cardNumberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** MM / YY, the slash added once the month is typed. */
export function formatExpiry(typed: string, previous: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, or the slash would come straight back.
  if (typed.length < previous.length && previous.endsWith(' / ') && digits.length === 2) {
    return digits.slice(0, 1);
  }
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface ParsedExpiry {
  month: number;
  year: number;
}

/** The month and four-digit year of a complete `MM / YY`; undefined while incomplete or not a month. */
export function parseExpiry(formatted: string): ParsedExpiry | undefined {
  const match = /^(\d{2}) \/ (\d{2})$/.exec(formatted);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}
