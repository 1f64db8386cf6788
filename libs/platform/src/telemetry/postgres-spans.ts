import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { Client, Pool } from 'pg';
import { inActiveContext, inUnsampledTrace } from './active-trace';

const tracer = trace.getTracer('radar.postgresql');

type Callback = (error: Error | null, result?: unknown) => void;

interface ConnectionFacts {
  database?: string;
  host?: string;
  port?: number;
  user?: string;
}

/** The statement's text, whether the caller passed a string or a query config (Prisma's adapter passes `{ text, values, rowMode }`). */
function statementOf(config: unknown): string | undefined {
  if (typeof config === 'string') return config;
  if (typeof config === 'object' && config !== null && typeof (config as { text?: unknown }).text === 'string') return (config as { text: string }).text;
  return undefined;
}

/** The first word of the statement, upper-cased: SELECT, INSERT, BEGIN... (the span's name, as the semantic conventions name database spans). */
const operationOf = (statement: string): string => /^\s*(\w+)/.exec(statement)?.[1]?.toUpperCase() ?? 'QUERY';

function startQuerySpan(statement: string, connection: ConnectionFacts): Span {
  const operation = operationOf(statement);
  return tracer.startSpan(`${operation} ${connection.database ?? ''}`.trim(), {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system': 'postgresql',
      'db.name': connection.database,
      'db.user': connection.user,
      'db.operation': operation,
      // The text only: parameter values may hold personal data and never go into a span.
      'db.statement': statement,
      'server.address': connection.host,
      'server.port': connection.port,
    },
  });
}

function endQuerySpan(span: Span, error: unknown, result: unknown): void {
  if (error) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  } else {
    const rows = (result as { rowCount?: unknown } | undefined)?.rowCount;
    if (typeof rows === 'number') span.setAttribute('db.response.returned_rows', rows);
  }
  span.end();
}

/**
 * One CLIENT span per statement, as a child of the span at work (a query outside any trace, e.g.
 * a relay's poll, is not traced: it would be a one-span trace every few seconds; nor is one in an
 * unsampled trace). pg's `Client.query`
 * is wrapped, which every statement goes through: our SQL, the pool's `query` and Prisma's pg
 * adapter alike. Streaming queries (cursors) pass untraced. A connection handed out by the pool
 * is given in the caller's context, not in that of the query that freed it.
 * Returns the function that removes the wrapping.
 */
export function tracePostgresQueries(): () => void {
  const clientPrototype = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const poolPrototype = Pool.prototype as unknown as { connect: (...args: unknown[]) => unknown };
  const originalQuery = clientPrototype.query;
  const originalConnect = poolPrototype.connect;

  clientPrototype.query = function tracedQuery(this: { connectionParameters?: ConnectionFacts }, ...args: unknown[]): unknown {
    // Most statements run outside any recorded trace: that is decided first, and costs least.
    const active = trace.getActiveSpan();
    if (!active || inUnsampledTrace(active)) return originalQuery.apply(this, args);
    const [config] = args;
    const statement = statementOf(config);
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    if (statement === undefined || submittable) return originalQuery.apply(this, args);

    const span = startQuerySpan(statement, this.connectionParameters ?? {});
    const callbackAt = args.findIndex((argument, index) => index > 0 && typeof argument === 'function');
    if (callbackAt > 0) {
      const callback = args[callbackAt] as Callback;
      args[callbackAt] = (error: Error | null, result?: unknown) => {
        endQuerySpan(span, error, result);
        callback(error, result);
      };
      return context.with(trace.setSpan(context.active(), span), () => originalQuery.apply(this, args));
    }
    try {
      const result = context.with(trace.setSpan(context.active(), span), () => originalQuery.apply(this, args)) as Promise<unknown>;
      return result.then(
        (value) => {
          endQuerySpan(span, undefined, value);
          return value;
        },
        (error: unknown) => {
          endQuerySpan(span, error, undefined);
          throw error;
        },
      );
    } catch (error) {
      endQuerySpan(span, error, undefined);
      throw error;
    }
  };

  poolPrototype.connect = function connectInCallersContext(this: unknown, ...args: unknown[]): unknown {
    const [callback] = args;
    if (typeof callback === 'function') args[0] = inActiveContext(callback as (...callbackArgs: unknown[]) => unknown);
    return originalConnect.apply(this, args);
  };

  return () => {
    clientPrototype.query = originalQuery;
    poolPrototype.connect = originalConnect;
  };
}
