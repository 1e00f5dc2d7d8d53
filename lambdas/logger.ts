/** Structured JSON logs, one line per entry, with the request id attached by the HTTP middleware. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(
  level: LogLevel,
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log = (
    entryLevel: Exclude<LogLevel, 'silent'>,
    message: string,
    fields?: Record<string, unknown>,
  ) => {
    if (order[entryLevel] < order[level]) return;
    write(JSON.stringify({ level: entryLevel, time: new Date().toISOString(), message, ...base, ...fields }));
  };
  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

/** Errors are logged by name, message and stack; never returned to callers. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
