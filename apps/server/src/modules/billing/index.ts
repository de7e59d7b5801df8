/** The billing module's public face: what app.ts and the modules above it may use. */
export { billingModule } from './module.js';
export { accountStateOf, applyAccountEvent } from './account-events.js';
export { type PaymentProvider } from './payment-provider.js';
export { type PaymentsStandIn } from './payments-standin.js';
export { refuseOffSale } from './payments-service.js';
export { planFieldsOf } from './plan-fields.js';
export { addInterval, intervalOf, planOf, priceText } from './prices.js';
export { transition } from './transitions.js';
export { type WebhookHandler } from './webhook.js';
