export { EmailVerificationGate as default } from '../features/email-verification/components/email-verification-gate';
