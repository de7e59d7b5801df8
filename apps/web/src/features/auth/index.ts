export { LoginPage } from './routes/LoginPage';
export { LoginEmailPage } from './routes/LoginEmailPage';
export { SignUpPage } from './routes/SignUpPage';
export { LoginSuccessPage } from './routes/LoginSuccessPage';
export { UserRegisteredPage } from './routes/UserRegisteredPage';
export { EmailVerifiedPage } from './routes/EmailVerifiedPage';
export { PasswordRecoveryPage } from './routes/PasswordRecoveryPage';
export { ChangePasswordPage } from './routes/ChangePasswordPage';
