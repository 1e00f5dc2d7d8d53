import { describe, expect, it } from 'vitest';
import {
  brandName,
  cardBrand,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '../../../../web/src/features/billing/card-brand';

describe('the local card form’s formatting', () => {
  it('groups card numbers as typed, American Express 4-6-5, and cuts them at the brand’s length', () => {
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242-4242-4242-99')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('tells the brand from the leading digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2223')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('discover');
    expect(cardBrand('9999')).toBe('unknown');
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('jcb')).toBe('Jcb');
  });

  it('writes the expiry as MM / YY, padding a month that cannot take a second digit', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('1240', '12 / 4')).toBe('12 / 40');
    expect(formatExpiry('4', '')).toBe('04 / ');
  });

  it('deletes the month’s last digit with the slash, so backspace is not stuck', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('reads a complete expiry only, and only a real month', () => {
    expect(parseExpiry('12 / 40')).toEqual({ month: 12, year: 2040 });
    expect(parseExpiry('12 / 4')).toBeUndefined();
    expect(parseExpiry('13 / 40')).toBeUndefined();
    expect(parseExpiry('00 / 40')).toBeUndefined();
  });
});
