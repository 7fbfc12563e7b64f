/** First, middle (optional) and last name joined with single spaces. */
export function joinName(...parts: string[]): string {
  return parts.join(' ').split(/\s+/).filter(Boolean).join(' ');
}
