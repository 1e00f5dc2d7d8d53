import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';

/**
 * Structured JSON logs, one line per entry, written by Powertools for AWS Lambda's logger. Handlers and workers
 * hand the domain a child logger carrying the request id (or the queue message id), so every line the domain
 * writes for a request says which request it belongs to.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** A logger adding `fields` to every line, besides its parent's. */
  child(fields: Record<string, unknown>): Logger;
}

const SERVICE_NAME = 'loreweaver';

function wrap(logger: PowertoolsLogger): Logger {
  return {
    debug: (message, fields) => logger.debug(message, fields ?? {}),
    info: (message, fields) => logger.info(message, fields ?? {}),
    warn: (message, fields) => logger.warn(message, fields ?? {}),
    error: (message, fields) => logger.error(message, fields ?? {}),
    child: (fields) => wrap(logger.createChild({ persistentKeys: fields })),
  };
}

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  return wrap(
    new PowertoolsLogger({
      serviceName: SERVICE_NAME,
      logLevel: level.toUpperCase() as Uppercase<LogLevel>,
      persistentKeys: base,
    }),
  );
}

/** Errors are logged by name, message and stack; never returned to callers. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
