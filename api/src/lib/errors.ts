/** An error meant for the client: its status and body are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { message: this.message, ...this.extra };
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const unprocessable = (message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(422, message, extra);
