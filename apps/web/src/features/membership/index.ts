export { PaymentSuccessPage } from './routes/PaymentSuccessPage';
export { CancellationSuccessPage } from './routes/CancellationSuccessPage';
export { PortalRedirectPage } from './routes/PortalRedirectPage';
export { CheckoutRedirectPage } from './routes/CheckoutRedirectPage';
