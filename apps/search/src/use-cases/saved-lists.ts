import { randomUUID } from 'node:crypto';
import { inTransaction } from '@radar/platform/database';
import { AppError } from '@radar/platform/errors';
import { unknownCompanyIds } from '../data/companies.repository';
import { insertSavedList, insertSavedListCompanies, savedListSize, savedListWorkspace } from '../data/saved-lists.repository';
import type { SearchDeps } from './deps';

/** Names in the message at most this many unknown ids; details list them all. */
const NAMED_IN_MESSAGE = 20;

const listNotFound = (listId: string) => new AppError('NOT_FOUND', `No saved list with id ${listId}`);

/** Refuses ids of no stored company with a 422 naming them. */
export async function requireKnownCompanies(deps: Pick<SearchDeps, 'pool'>, companyIds: readonly string[]): Promise<void> {
  const unknown = await unknownCompanyIds(deps.pool, companyIds.map((id) => id.toLowerCase()));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, NAMED_IN_MESSAGE).join(', ');
  const more = unknown.length > NAMED_IN_MESSAGE ? ` and ${unknown.length - NAMED_IN_MESSAGE} more` : '';
  throw new AppError('VALIDATION_ERROR', `body field "company_ids": unknown company ids ${named}${more}`, {
    errors: [{ field: 'company_ids', message: 'unknown company ids' }],
    unknown_company_ids: unknown,
  });
}

/** Each company once, ids in lower case. */
const distinctIds = (companyIds: readonly string[]): string[] => [...new Set(companyIds.map((id) => id.toLowerCase()))];

/** Operator: a new saved list of a workspace, with its companies, in one transaction. */
export async function createSavedList(
  deps: Pick<SearchDeps, 'pool'>,
  input: { workspaceId: string; name: string; companyIds: string[] },
): Promise<{ list_id: string }> {
  await requireKnownCompanies(deps, input.companyIds);
  const listId = randomUUID();
  await inTransaction(deps.pool, async (db) => {
    await insertSavedList(db, input.workspaceId, listId, input.name);
    await insertSavedListCompanies(db, input.workspaceId, listId, distinctIds(input.companyIds));
  });
  return { list_id: listId };
}

/** Operator: companies added to a saved list (named by its id alone); answers the list's size. */
export async function addToSavedList(
  deps: Pick<SearchDeps, 'pool'>,
  input: { listId: string; companyIds: string[] },
): Promise<{ list_id: string; size: number }> {
  const workspaceId = await savedListWorkspace(deps.pool, input.listId);
  if (workspaceId === undefined) throw listNotFound(input.listId);
  await requireKnownCompanies(deps, input.companyIds);
  const size = await inTransaction(deps.pool, async (db) => {
    await insertSavedListCompanies(db, workspaceId, input.listId, distinctIds(input.companyIds));
    return savedListSize(db, workspaceId, input.listId);
  });
  if (size === undefined) throw listNotFound(input.listId);
  return { list_id: input.listId, size };
}
