import { CHAPTER_CREATION_FAILED_CODE, CHAPTER_CREATION_FAILED_MESSAGE } from '../shared/schemas/chapter';

/**
 * Domain errors. Each carries the HTTP status, a stable machine code and a message that may be shown to
 * the caller. They are mapped to responses once, in the error middleware.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, 'validation_failed', message, details);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message = 'You need to sign in.') {
    super(401, 'unauthenticated', message);
  }
}

/** The spec answers 401 when a free account reaches a premium feature. */
export class SubscriptionRequiredError extends AppError {
  constructor(message: string) {
    super(401, 'subscription_required', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This request is not allowed.') {
    super(403, 'forbidden', message);
  }
}

/** Also used when the caller does not own the thing: never a hint that it exists. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

/**
 * A paragraph write based on a revision another window (or device) has since replaced: nothing of the write is
 * stored; the page reloads the chapter, keeps what it holds unsent, and saves again on the new revision.
 */
export class ChapterChangedError extends ConflictError {
  constructor() {
    super('This chapter was changed in another window. Reload it before saving again.', 'chapter_changed');
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}

/** The spec's '501': the chapter is still being created; the client keeps its changes and retries. */
export class ChapterBeingCreatedError extends AppError {
  constructor() {
    super(501, 'chapter_being_created', 'The chapter is still being created.');
  }
}

/**
 * The chapter's creation was given up (its worker failed on every delivery): nothing can be read or stored until
 * the author asks for it again (POST …/chapters/{chapterId}/retry-creation) or deletes the chapter.
 */
export class ChapterCreationFailedError extends ConflictError {
  constructor() {
    super(CHAPTER_CREATION_FAILED_MESSAGE, CHAPTER_CREATION_FAILED_CODE);
  }
}

/** The export worker could not make the file (spec §8: the page shows its 'Error' alert). */
export class ExportFailedError extends AppError {
  constructor() {
    super(500, 'export_failed', 'The document could not be made. Please try again later.');
  }
}

/** A share link that existed and no longer opens (expired or revoked): 410, so the page can say so. */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, 'gone', message);
  }
}

/** Too many writes of one kind by one person in a short time. */
export class RateLimitedError extends AppError {
  constructor(message: string) {
    super(429, 'rate_limited', message);
  }
}
