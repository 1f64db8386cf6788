import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { PublicRoute } from '../public-routes';

/**
 * One operation of the public interface, as the OpenAPI document describes it: the same zod
 * schemas the owning service validates with and types its answer by, plus the words and
 * examples of the contract. The gateway's route table (PUBLIC_ROUTES) decides who serves it,
 * its scope and its rate-limit bucket; each operation must match one of its routes.
 */
export interface PublicOperation {
  /** Stable and unique: the reference page's anchors and clients' method names come from it. */
  operationId: string;
  method: PublicRoute['method'];
  /** OpenAPI path template under /api/v1, e.g. `/companies/{company_id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description: string;
  request?: OperationRequest;
  success: OperationSuccess;
  /**
   * Error codes of this operation beyond those every operation can answer (authentication,
   * scope and role from its route, rate limit, 5xx) and those its inputs imply (422 for a query
   * or body; 413 and 415 for a body).
   */
  errors: readonly ErrorCode[];
  /** Error answers the contract spells out, by code. */
  errorExamples?: Partial<Record<ErrorCode, ApiExample>>;
  /**
   * Sending it again changes nothing (reads, and the read-only POSTs of interface.md: search,
   * counts, preview, download): a client may retry it after a 5xx or a lost answer.
   */
  safeToRepeat: boolean;
  /** Served without a token (the document itself). */
  public?: true;
}

export interface OperationRequest {
  path?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** False when an empty body means "all defaults" (search, counts). */
  bodyRequired?: boolean;
  examples?: Record<string, ApiExample>;
}

export interface OperationSuccess {
  status: 200 | 201 | 202 | 204;
  description: string;
  /** The JSON body; none for 204. */
  body?: z.ZodType;
  /** A body that is not JSON (the signals CSV): its media type and a description of its form. */
  file?: { mediaType: 'text/csv'; description: string; example: string };
  examples?: Record<string, ApiExample>;
}

export interface ApiExample {
  summary: string;
  value: unknown;
}

/** Groups of the reference, in the order the page lists them. */
export const API_TAGS = [
  { name: 'Companies', description: 'Search the company index, count matches, read a company and its open job postings. Free.' },
  { name: 'Credits', description: 'The workspace\'s credit balance and recent transactions. Credits are bought in the web app.' },
  { name: 'Exports', description: 'Asynchronous CSV or JSON exports of companies, charged 1 credit per company the workspace never exported before.' },
  { name: 'Monitors', description: 'Daily checks (09:00 UTC) of companies for new signals, delivered by email digest or webhook; 1 credit per company per signal type per run.' },
  { name: 'Signals', description: 'Everything the monitors delivered.' },
  { name: 'Leads', description: 'A read-only feed of recent events of the followed companies. Free.' },
  {
    name: 'Webhooks',
    description:
      'The workspace\'s webhooks (created in the web app), what was sent to them and what they answered, and sending it ' +
      'again: one delivery (redeliver) or every delivery of some days (replay). Deliveries are kept 30 days.',
  },
  { name: 'Reference', description: 'This document.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];
