import { z } from 'zod';

/** A request-reply endpoint on NATS: one subject, one request schema, one reply schema. */
export interface RpcDefinition<Req extends z.ZodType = z.ZodType, Rep extends z.ZodType = z.ZodType> {
  subject: string;
  request: Req;
  reply: Rep;
}

/** What travels back on a reply subject: the handler's result or a domain error. */
export const rpcEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
  }),
]);
export type RpcEnvelope = z.infer<typeof rpcEnvelopeSchema>;
