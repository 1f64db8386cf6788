import { AppError } from '@radar/platform/errors';
import type { SearchDeps } from './deps';

/** Names in the message at most this many unknown ids; details list them all. */
const NAMED_IN_MESSAGE = 20;

/** Refuses ids of no stored company with a 422 naming them. */
export async function requireKnownCompanies(deps: Pick<SearchDeps, 'companies'>, companyIds: readonly string[]): Promise<void> {
  const unknown = await deps.companies.unknownIds(companyIds.map((id) => id.toLowerCase()));
  if (unknown.length === 0) return;
  const named = unknown.slice(0, NAMED_IN_MESSAGE).join(', ');
  const more = unknown.length > NAMED_IN_MESSAGE ? ` and ${unknown.length - NAMED_IN_MESSAGE} more` : '';
  throw new AppError('VALIDATION_ERROR', `body field "company_ids": unknown company ids ${named}${more}`, {
    errors: [{ field: 'company_ids', message: 'unknown company ids' }],
    unknown_company_ids: unknown,
  });
}

/** Operator: a new saved list of a workspace. */
export async function createSavedList(
  deps: Pick<SearchDeps, 'companies' | 'saved'>,
  input: { workspaceId: string; name: string; companyIds: string[] },
): Promise<{ list_id: string }> {
  await requireKnownCompanies(deps, input.companyIds);
  const listId = await deps.saved.createList(input.workspaceId, input.name, input.companyIds.map((id) => id.toLowerCase()));
  return { list_id: listId };
}

/** Operator: companies added to a saved list; answers the list's size. */
export async function addToSavedList(
  deps: Pick<SearchDeps, 'companies' | 'saved'>,
  input: { listId: string; companyIds: string[] },
): Promise<{ list_id: string; size: number }> {
  if (!(await deps.saved.listExists(input.listId))) throw new AppError('NOT_FOUND', `No saved list with id ${input.listId}`);
  await requireKnownCompanies(deps, input.companyIds);
  const size = await deps.saved.addToList(input.listId, input.companyIds.map((id) => id.toLowerCase()));
  if (size === null) throw new AppError('NOT_FOUND', `No saved list with id ${input.listId}`);
  return { list_id: input.listId, size };
}
