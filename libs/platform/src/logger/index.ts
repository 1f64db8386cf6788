import { trace } from '@opentelemetry/api';
import pino, { type Logger } from 'pino';

export type { Logger };

/** The ids of the span at work, so a log line leads to its trace (none while tracing is off). */
function traceFields(): Record<string, string> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Structured JSON logs; one logger per process, child loggers per request. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceFields,
    // Headers are logged as `req.headers`, `request.headers` or bare `headers`: cover each shape.
    redact: {
      paths: ['authorization', 'headers.authorization', '*.headers.authorization', 'token', 'secret'],
      censor: '[redacted]',
    },
  });
}
