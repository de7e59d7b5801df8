export { TermsAgreementPage } from './routes/TermsAgreementPage';
export { TermsPage } from './routes/TermsPage';
export { PrivacyPolicyPage } from './routes/PrivacyPolicyPage';
