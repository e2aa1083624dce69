/**
 * Typed HTTP errors. Each carries its status code and a message that is safe to show to the
 * client; the error middleware turns them into `{ detail, code }` bodies. Anything that is not an
 * HttpError becomes a generic 500 so no stack trace or SDK message ever reaches the browser.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code?: string) {
    super(400, message, code);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Not authenticated', code?: string) {
    super(401, message, code);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have permission to do this.', code?: string) {
    super(403, message, code);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found', code?: string) {
    super(404, message, code);
  }
}

/** 402 Payment Required: what the user's plan does not include, in the plan's words. */
export class PaymentRequiredError extends HttpError {
  constructor(message: string, code: string) {
    super(402, message, code);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, code?: string) {
    super(409, message, code);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string, code?: string) {
    super(413, message, code);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string, code?: string) {
    super(415, message, code);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    code?: string,
    /** Sent as `Retry-After`: how long the caller should wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message, code);
  }
}

/**
 * A video found, while it is made, to be longer than the user's plan allows: its job fails with
 * this message (the plan's words) and nothing longer is delivered.
 */
export class VideoTooLongError extends Error {
  override name = 'VideoTooLongError';
}

/** Raised when the process is misconfigured; names the missing setting so it can be fixed quickly. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
