/** Thrown when the store refuses an operation; the message says why and what to do. */
export class ReleaseError extends Error {
  override name = 'ReleaseError';
}
