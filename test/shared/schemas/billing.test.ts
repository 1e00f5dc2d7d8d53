import { describe, expect, it } from 'vitest';
import {
  LocalCardRequestSchema,
  SubscribeRequestSchema,
  UpdateCustomerRequestSchema,
  UpdateUserRequestSchema,
} from '../../../shared/schemas/billing';

describe('billing request schemas', () => {
  it('accepts Stripe and local ids in a subscribe request', () => {
    const request = { payment_method_id: 'pm_1Nx', customer_id: 'cus_local_ab12', price_id: 'price_1Abc' };

    expect(SubscribeRequestSchema.parse(request)).toEqual(request);
  });

  it('refuses ids of the wrong kind or with foreign characters', () => {
    expect(
      SubscribeRequestSchema.safeParse({
        payment_method_id: 'pm_1',
        customer_id: 'sub_1',
        price_id: 'price_1',
      }).success,
    ).toBe(false);
    expect(
      UpdateCustomerRequestSchema.safeParse({ customer_id: 'cus_1#x', payment_method_id: 'pm_1' }).success,
    ).toBe(false);
  });

  it('takes only a boolean renewing in PUT /api/user', () => {
    expect(UpdateUserRequestSchema.parse({ renewing: false })).toEqual({ renewing: false });
    expect(UpdateUserRequestSchema.safeParse({ renewing: 'false' }).success).toBe(false);
    expect(UpdateUserRequestSchema.safeParse({ renewing: true, subscription_id: 'sub_1' }).success).toBe(
      false,
    );
  });

  it('reads a card number as typed, with spaces', () => {
    const card = LocalCardRequestSchema.parse({
      number: '4242 4242 4242 4242',
      expiration_month: 12,
      expiration_year: 2030,
      cvc: '123',
    });

    expect(card.number).toBe('4242424242424242');
  });
});
