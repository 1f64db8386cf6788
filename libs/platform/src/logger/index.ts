import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; one logger per process, child loggers per request. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Headers are logged as `req.headers`, `request.headers` or bare `headers`: cover each shape.
    redact: {
      paths: ['authorization', 'headers.authorization', '*.headers.authorization', 'token', 'secret'],
      censor: '[redacted]',
    },
  });
}
