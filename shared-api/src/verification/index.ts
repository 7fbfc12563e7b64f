// A shared singleton of its own (`shared-api/verification`): the verification calls and whether the customer's email
// still needs verifying, which the shell's email check (once the page's area is ready) and the profile area use. A
// guest's page never downloads it.
export * from '../endpoints/verification';
export {
  DISMISS_KEY,
  dismissEmailVerification,
  emailStatusStore,
  recheckEmailStatus,
  resetEmailStatus,
  setEmailVerified,
  useEmailStatus,
  useEmailVerificationNeeded,
  type EmailStatus,
} from './email-status-store';
