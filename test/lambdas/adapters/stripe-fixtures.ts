/** Objects in the shapes Stripe answers for the SDK's pinned API version (trimmed to the fields that matter). */

export const NOW = 1_795_000_000;
export const PERIOD_END = NOW + 30 * 24 * 60 * 60;

export function customer(overrides: Record<string, unknown> = {}) {
  return {
    id: 'cus_1',
    object: 'customer',
    email: 'ada@example.com',
    name: 'Ada',
    metadata: { user_id: 'author-1' },
    invoice_settings: {
      default_payment_method: null,
      custom_fields: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    ...overrides,
  };
}

export function paymentMethod(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pm_1',
    object: 'payment_method',
    type: 'card',
    customer: null,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, country: 'US', funding: 'credit' },
    livemode: false,
    ...overrides,
  };
}

export function list(data: unknown[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

export function price(overrides: Record<string, unknown> = {}) {
  return {
    id: 'price_premium',
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 500,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    product: 'prod_premium',
    ...overrides,
  };
}

export function product(overrides: Record<string, unknown> = {}) {
  return {
    id: 'prod_premium',
    object: 'product',
    active: true,
    name: 'Loreweaver Premium',
    description: 'Export, outlines and unlimited associations.',
    default_price: price(),
    ...overrides,
  };
}

export function subscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    created: NOW,
    start_date: NOW,
    latest_invoice: 'in_1',
    items: list(
      [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: NOW,
          current_period_end: PERIOD_END,
          price: price(),
          quantity: 1,
          subscription: 'sub_1',
        },
      ],
      '/v1/subscription_items?subscription=sub_1',
    ),
    ...overrides,
  };
}

export function invoice(overrides: Record<string, unknown> = {}) {
  return {
    id: 'in_2',
    object: 'invoice',
    customer: 'cus_1',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    period_start: NOW,
    period_end: PERIOD_END,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: 'sub_1', metadata: {}, subscription_proration_date: null },
    },
    lines: list(
      [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 500,
          period: { start: PERIOD_END, end: PERIOD_END + 30 * 24 * 60 * 60 },
          subscription: 'sub_1',
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              subscription: 'sub_1',
              subscription_item: 'si_1',
              proration: false,
              invoice_item: null,
              proration_details: null,
            },
          },
        },
      ],
      '/v1/invoices/in_2/lines',
    ),
    ...overrides,
  };
}

export function event(type: string, object: unknown, id = 'evt_1') {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: NOW,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

export function cardError(message: string, code: string, declineCode?: string) {
  return {
    status: 402,
    body: {
      error: {
        type: 'card_error',
        code,
        message,
        ...(declineCode ? { decline_code: declineCode } : {}),
      },
    },
  };
}
