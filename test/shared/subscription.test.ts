import { describe, expect, it } from 'vitest';
import {
  EXPIRY_WARNING_WINDOW_SECONDS,
  hasPremiumAccess,
  subscriptionStatus,
  type SubscriptionFields,
} from '../../shared/subscription';

const NOW = new Date('2026-11-21T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const HOUR = 60 * 60;

function user(overrides: Partial<SubscriptionFields> = {}): SubscriptionFields {
  return {
    subscription_id: 'sub_1',
    renewing: true,
    expired: false,
    expires_at: String(nowSeconds + 10 * 24 * HOUR),
    ...overrides,
  };
}

describe('subscriptionStatus', () => {
  it('is none for an author who never subscribed', () => {
    expect(subscriptionStatus(user({ subscription_id: '', expires_at: '' }), NOW)).toBe('none');
    expect(subscriptionStatus(undefined, NOW)).toBe('none');
  });

  it('is active for a paid period that has not ended', () => {
    expect(subscriptionStatus(user(), NOW)).toBe('active');
  });

  it('is expired once the paid period is over, even before the provider says so', () => {
    expect(subscriptionStatus(user({ expires_at: String(nowSeconds) }), NOW)).toBe('expired');
    expect(subscriptionStatus(user({ expires_at: String(nowSeconds - 1) }), NOW)).toBe('expired');
  });

  it('is expired when the record says so, with or without the subscription id', () => {
    expect(subscriptionStatus(user({ expired: true }), NOW)).toBe('expired');
    expect(subscriptionStatus(user({ subscription_id: '', expired: true }), NOW)).toBe('expired');
  });

  it('fails closed on an unknown end of period', () => {
    expect(subscriptionStatus(user({ expires_at: '' }), NOW)).toBe('expired');
    expect(subscriptionStatus(user({ expires_at: 'soon' }), NOW)).toBe('expired');
  });

  it('is expiring when not renewing and ending within the next 24 hours', () => {
    const endsInADay = String(nowSeconds + EXPIRY_WARNING_WINDOW_SECONDS);

    expect(subscriptionStatus(user({ renewing: false, expires_at: endsInADay }), NOW)).toBe('expiring');
    expect(subscriptionStatus(user({ renewing: false, expires_at: String(nowSeconds + 1) }), NOW)).toBe(
      'expiring',
    );
  });

  it('is still active when not renewing but ending later than 24 hours from now', () => {
    const endsLater = String(nowSeconds + EXPIRY_WARNING_WINDOW_SECONDS + 1);

    expect(subscriptionStatus(user({ renewing: false, expires_at: endsLater }), NOW)).toBe('active');
  });

  it('never warns of expiry while renewing', () => {
    expect(subscriptionStatus(user({ renewing: true, expires_at: String(nowSeconds + HOUR) }), NOW)).toBe(
      'active',
    );
  });
});

describe('hasPremiumAccess', () => {
  it('grants premium features to active and expiring subscriptions only', () => {
    expect(hasPremiumAccess(user(), NOW)).toBe(true);
    expect(hasPremiumAccess(user({ renewing: false, expires_at: String(nowSeconds + HOUR) }), NOW)).toBe(
      true,
    );
    expect(hasPremiumAccess(user({ expires_at: String(nowSeconds - 1) }), NOW)).toBe(false);
    expect(hasPremiumAccess(user({ expired: true }), NOW)).toBe(false);
    expect(hasPremiumAccess(user({ subscription_id: '' }), NOW)).toBe(false);
    expect(hasPremiumAccess(undefined, NOW)).toBe(false);
  });
});
