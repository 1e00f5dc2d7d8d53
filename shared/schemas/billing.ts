import * as z from 'zod';
import { WritingPreferencesSchema } from './progress';
import { ThemePreferenceSchema } from './user';

/**
 * Spec §7 "Billing" calls and `PUT /api/user`. The shapes are the spec's; ids are the provider's (Stripe's
 * `cus_…`, `pm_…`, `price_…`, `sub_…`, or the local provider's `…_local_…`), which never contain anything but
 * letters, digits and underscores.
 */
const providerId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,250}$`), `Invalid ${prefix} id.`);

export const CustomerIdSchema = providerId('cus');
export const PaymentMethodIdSchema = providerId('pm');
export const PriceIdSchema = providerId('price');
export const SubscriptionIdSchema = providerId('sub');

/** Spec §3 Payment method. */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last_four: z.string(),
  expiration_month: z.number().int(),
  expiration_year: z.number().int(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** POST /billing/customer: the signed-in author's own customer, created on first call. */
export const CustomerResponseSchema = z.object({
  id: z.string(),
  payment_methods: z.array(PaymentMethodSchema),
});
export type CustomerResponse = z.infer<typeof CustomerResponseSchema>;

/** PUT /billing/customer: attach the card and make it the default. */
export const UpdateCustomerRequestSchema = z.object({
  customer_id: CustomerIdSchema,
  payment_method_id: PaymentMethodIdSchema,
});
export type UpdateCustomerRequest = z.infer<typeof UpdateCustomerRequestSchema>;

/** GET /billing/customer/payment: the default card. */
export const DefaultPaymentMethodResponseSchema = PaymentMethodSchema.omit({ is_default: true });
export type DefaultPaymentMethodResponse = z.infer<typeof DefaultPaymentMethodResponseSchema>;

/** Spec §3 Product (plan). */
export const ProductSchema = z.object({
  price_id: z.string(),
  name: z.string(),
  description: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

/** GET /billing/products: the first listed is the one offered (spec §9). */
export const ProductListResponseSchema = z.array(ProductSchema);

/** POST /billing/subscribe. */
export const SubscribeRequestSchema = z.object({
  payment_method_id: PaymentMethodIdSchema,
  customer_id: CustomerIdSchema,
  price_id: PriceIdSchema,
});
export type SubscribeRequest = z.infer<typeof SubscribeRequestSchema>;

/** Spec §3 Subscription response. `period_end` is unix seconds as text, like the user's `expires_at`. */
export const SubscriptionResponseSchema = z.object({
  subscription_id: z.string(),
  period_end: z.string().regex(/^\d{1,12}$/),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

/** What an author keeps on their account beside billing: theme (issue 15 §2), daily goal and time zone (§1). */
export const UserPreferencesSchema = z.object({
  theme: ThemePreferenceSchema.optional(),
  ...WritingPreferencesSchema.shape,
});
export type UserPreferences = z.infer<typeof UserPreferencesSchema>;

/** `PUT /api/user`: the spec's `{renewing}` and the author's preferences; any of them, at least one. */
export const UpdateUserRequestSchema = UserPreferencesSchema.extend({ renewing: z.boolean().optional() })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change.',
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/**
 * The local provider's card form (embedded runtime, no Stripe Elements): what it posts to turn a test card
 * into a payment-method id, as Stripe Elements does in the browser. Spaces in the number are allowed as typed.
 */
export const LocalCardRequestSchema = z.object({
  number: z
    .string()
    .transform((typed) => typed.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incorrect.')),
  expiration_month: z
    .number()
    .int()
    .min(1, "Your card's expiration month is invalid.")
    .max(12, "Your card's expiration month is invalid."),
  expiration_year: z
    .number()
    .int()
    .min(2000, "Your card's expiration year is invalid.")
    .max(2100, "Your card's expiration year is invalid."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});
export type LocalCardRequest = z.infer<typeof LocalCardRequestSchema>;
