/** The billing calls (spec §7 "Billing"), each answer parsed with the shared schema. */
import {
  CustomerResponseSchema,
  DefaultPaymentMethodResponseSchema,
  PaymentMethodSchema,
  ProductListResponseSchema,
  SubscriptionResponseSchema,
  type CustomerResponse,
  type DefaultPaymentMethodResponse,
  type LocalCardRequest,
  type PaymentMethod,
  type Product,
  type SubscribeRequest,
  type SubscriptionResponse,
  type UpdateCustomerRequest,
} from '../../../shared/schemas/billing';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/** POST /billing/customer: the author's customer and cards, registered on the first call. */
export async function registerCustomer(): Promise<CustomerResponse> {
  return CustomerResponseSchema.parse(await api.post(apiPaths.billingCustomer));
}

/** PUT /billing/customer: the card becomes the default for the next payment and every renewal. */
export async function updatePaymentMethod(request: UpdateCustomerRequest): Promise<PaymentMethod> {
  return PaymentMethodSchema.parse(await api.put(apiPaths.billingCustomer, request));
}

/** GET /billing/customer/payment: the default card, or `null` when there is none (404). */
export async function getPaymentMethod(): Promise<DefaultPaymentMethodResponse | null> {
  try {
    return DefaultPaymentMethodResponseSchema.parse(await api.get(apiPaths.billingPaymentMethod));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /billing/products: the first is the one offered (spec §9). */
export async function listProducts(): Promise<Product[]> {
  return ProductListResponseSchema.parse(await api.get(apiPaths.billingProducts));
}

/** POST /billing/subscribe. */
export async function subscribe(request: SubscribeRequest): Promise<SubscriptionResponse> {
  return SubscriptionResponseSchema.parse(await api.post(apiPaths.billingSubscribe, request));
}

/** The embedded runtime's stand-in for Stripe Elements: a test card becomes a payment-method id. */
export async function tokenizeLocalCard(card: LocalCardRequest): Promise<PaymentMethod> {
  return PaymentMethodSchema.parse(await api.post(apiPaths.billingLocalPaymentMethods, card));
}

/** The author's default card; `null` without one. */
export const paymentMethodQuery = () => ({
  queryKey: ['billing', 'payment-method'] as const,
  queryFn: getPaymentMethod,
});
