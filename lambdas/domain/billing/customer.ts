import type {
  CustomerResponse,
  DefaultPaymentMethodResponse,
  PaymentMethod,
  Product,
  UpdateCustomerRequest,
} from '../../../shared/schemas/billing';
import { ForeignCustomerError, NoPaymentMethodError, type BillingAuthor } from './billing-port';
import {
  changeBillingState,
  requireBillingState,
  type BillingPorts,
  type UserBilling,
} from './billing-state';

/** The browser names a customer only to say which one it means: it must be the signed-in author's own. */
export function requireOwnCustomer(state: UserBilling, customerId: string): void {
  if (state.customer_id === '' || state.customer_id !== customerId) throw new ForeignCustomerError();
}

/**
 * POST /billing/customer: the author's customer with their cards, created on the first call. Concurrent first
 * calls end with one stored customer: the provider call is idempotent per author, and the store keeps the
 * first customer written.
 */
export async function registerCustomer(
  ports: BillingPorts,
  author: BillingAuthor,
): Promise<CustomerResponse> {
  const state = await requireBillingState(ports.billingState, author.userId);
  if (state.customer_id !== '') {
    const existing = await ports.billing.findCustomer(state.customer_id);
    if (existing) return existing;
  }
  // A customer the provider no longer knows is replaced; the key tells that case apart from the first call.
  const idempotencyKey = `customer-${author.userId}-${state.customer_id || 'first'}`;
  const created = await ports.billing.createCustomer(author, idempotencyKey);
  const stored = await changeBillingState(ports.billingState, author.userId, (current) =>
    current.customer_id === state.customer_id ? { ...current, customer_id: created.id } : current,
  );
  if (stored.customer_id === created.id) return created;
  return (
    (await ports.billing.findCustomer(stored.customer_id)) ?? { id: stored.customer_id, payment_methods: [] }
  );
}

/** PUT /billing/customer: the card becomes the author's default, for the next payment and every renewal. */
export async function updatePaymentMethod(
  ports: BillingPorts,
  userId: string,
  request: UpdateCustomerRequest,
): Promise<PaymentMethod> {
  const state = await requireBillingState(ports.billingState, userId);
  requireOwnCustomer(state, request.customer_id);
  return ports.billing.setDefaultPaymentMethod(request.customer_id, request.payment_method_id);
}

/** GET /billing/customer/payment: the default card; 404 without a customer or a card. */
export async function getPaymentMethod(
  ports: BillingPorts,
  userId: string,
): Promise<DefaultPaymentMethodResponse> {
  const state = await requireBillingState(ports.billingState, userId);
  if (state.customer_id === '') throw new NoPaymentMethodError();
  const method = await ports.billing.getDefaultPaymentMethod(state.customer_id);
  if (!method) throw new NoPaymentMethodError();
  const { id, brand, last_four, expiration_month, expiration_year } = method;
  return { id, brand, last_four, expiration_month, expiration_year };
}

/** GET /billing/products. */
export function listProducts(ports: BillingPorts): Promise<Product[]> {
  return ports.billing.listProducts();
}
