/** A request URL as logs may keep it: reset and revert link tokens and codes in it are replaced. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:password_resets|contact_reverts)\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|code)=)[^&#]*/gi, '$1[redacted]');
}
