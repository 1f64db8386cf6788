import { z } from 'zod';

/**
 * search's answers about saved lists, for services that follow a list (monitor-scheduler):
 * the list's name and its companies' domains, in the order they were added. Search owns lists;
 * a list of another workspace does not exist for the asking workspace (NOT_FOUND).
 */

/** Domains per answer: a page keeps a reply well under NATS's default 1 MB message limit. */
export const SAVED_LIST_DOMAINS_PAGE_MAX = 5_000;

export const savedListDomainsRequestSchema = z.strictObject({
  workspaceId: z.uuid(),
  listId: z.uuid(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(SAVED_LIST_DOMAINS_PAGE_MAX).default(SAVED_LIST_DOMAINS_PAGE_MAX),
});
export type SavedListDomainsRequest = z.input<typeof savedListDomainsRequestSchema>;

export const savedListDomainsReplySchema = z.object({
  listId: z.uuid(),
  name: z.string(),
  /** The page's domains, oldest addition first. */
  domains: z.array(z.string()),
  /** Companies in the whole list. */
  total: z.number().int().min(0),
});
export type SavedListDomainsReply = z.infer<typeof savedListDomainsReplySchema>;
