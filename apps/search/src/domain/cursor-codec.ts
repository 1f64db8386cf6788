import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { SORT_FIELDS, SORT_ORDERS } from '@radar/contracts';
import { AppError } from '@radar/platform/errors';
import type { PagePosition, SortSpec } from '@radar/company-index';
import { sameSort, sortString } from '@radar/company-index';

const sortStringSchema = z
  .string()
  .regex(/^[a-z_]+:[a-z]+:(query|noquery)$/)
  .transform((value, ctx): SortSpec | typeof z.NEVER => {
    const [field, order, flag] = value.split(':');
    const parsedField = z.enum(SORT_FIELDS).safeParse(field);
    const parsedOrder = z.enum(SORT_ORDERS).safeParse(order);
    if (!parsedField.success || !parsedOrder.success) {
      ctx.addIssue({ code: 'custom', message: 'unknown sort' });
      return z.NEVER;
    }
    return { field: parsedField.data, order: parsedOrder.data, hasQuery: flag === 'query' };
  });

/**
 * What a cursor holds: the sort that produced it, the last row of its page and, when the
 * engine keeps one, its search session token (`p`; cursors issued before tokens have none).
 */
const payloadSchema = z.strictObject({
  s: sortStringSchema,
  k: z.union([z.string(), z.number(), z.null()]),
  i: z.uuid(),
  p: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
});

const invalid = () => new AppError('INVALID_CURSOR', 'The cursor was not issued by this service or was altered; start again without a cursor');

/**
 * Pagination cursors: base64url of a small JSON (sort string, position, session token) followed by an
 * HMAC-SHA256 of it, so a client can neither forge one nor edit the position or sort in one.
 */
export class CursorCodec {
  constructor(private readonly secret: string) {}

  encode(sort: SortSpec, position: PagePosition): string {
    const payload = { s: sortString(sort), k: position.key, i: position.id, ...(position.session === undefined ? {} : { p: position.session }) };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The position to continue from; refuses cursors not signed here and cursors of another sort. */
  decode(cursor: string, requestSort: SortSpec): PagePosition {
    const [body, signature, ...rest] = cursor.split('.');
    if (!body || !signature || rest.length > 0) throw invalid();
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) throw invalid();
    const cursorSort = parsed.data.s;
    if (!sameSort(cursorSort, requestSort)) {
      throw new AppError('CURSOR_SORT_MISMATCH', 'The cursor belongs to another sort; repeat the request with the sort that produced it or without a cursor', {
        cursor_sort: sortString(cursorSort),
        request_sort: sortString(requestSort),
      });
    }
    return { key: parsed.data.k, id: parsed.data.i, ...(parsed.data.p === undefined ? {} : { session: parsed.data.p }) };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
