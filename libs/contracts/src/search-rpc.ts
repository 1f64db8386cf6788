import { z } from 'zod';
import { companyDetailSchema, companyFiltersSchema, SORT_FIELDS, SORT_ORDERS } from './companies';
import { EXPORT_MAX_COMPANIES } from './exports';

/**
 * What search answers the export service over NATS request-reply: the companies of an export's
 * source in the search's own order, and company rows by id for the file.
 */

/** The most ids one candidates answer carries: an export's ceiling. */
export const EXPORT_CANDIDATES_MAX = EXPORT_MAX_COMPANIES;

/** The most rows one company-rows request asks for; 500 company details stay well under NATS's 1 MB message. */
export const COMPANY_ROWS_BATCH_MAX = 500;

export const exportSourceSchema = z.discriminatedUnion('type', [
  /** The matches of a search, in its sort (`sort_by` / `sort_order` of the filters). */
  z.strictObject({ type: z.literal('search'), filters: companyFiltersSchema }),
  /** A saved list of the workspace, in the search's sort. */
  z.strictObject({
    type: z.literal('list'),
    listId: z.uuid(),
    sort_by: z.enum(SORT_FIELDS).optional(),
    sort_order: z.enum(SORT_ORDERS).optional(),
  }),
  /** Explicit ids, in the order given (repeats dropped); an unknown id is VALIDATION_ERROR. */
  z.strictObject({ type: z.literal('ids'), companyIds: z.array(z.uuid()).max(EXPORT_MAX_COMPANIES) }),
]);
export type ExportSource = z.infer<typeof exportSourceSchema>;

export const exportCandidatesRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  source: exportSourceSchema,
  /** The most ids wanted; the answer says whether more matched. */
  max: z.number().int().min(1).max(EXPORT_CANDIDATES_MAX),
});

export const exportCandidatesReplySchema = z.object({
  /** Up to `max` company ids (lower case), in order. */
  companyIds: z.array(z.uuid()),
  /** True when more than `max` companies matched. */
  capped: z.boolean(),
});
export type ExportCandidates = z.infer<typeof exportCandidatesReplySchema>;

export const companyRowsRequestSchema = z.strictObject({ companyIds: z.array(z.uuid()).min(1).max(COMPANY_ROWS_BATCH_MAX) });
/** The companies as GET /companies/{id} shows them, in the order asked; ids of no stored company are left out. */
export const companyRowsReplySchema = z.object({ companies: z.array(companyDetailSchema) });
