import { randomUUID } from 'node:crypto';
import { useExportWorld } from './support/export-world';

describe('POST /exports/preview', () => {
  const world = useExportWorld();

  const germany = { countries: ['Germany'] };

  it('answers every field of the contract: requested, already unlocked, new, cost = new, balance, would_export, would_skip', async () => {
    const caller = await world().workspace(25);
    const matches = await world().searchIds(caller, germany);
    expect(matches.length).toBeGreaterThan(25);

    const preview = await world().preview(caller, { search_filters: germany });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      requested_count: matches.length,
      already_unlocked: 0,
      new_count: matches.length,
      capped_at_10k: false,
      cost: matches.length,
      balance: 25,
      would_export: 25,
      would_skip: matches.length - 25,
    });
  });

  it('counts companies the workspace already exported as unlocked and free, and is itself free', async () => {
    const caller = await world().workspace(1_000);
    const first = await world().create(caller, { name: 'first', search_filters: { ...germany, sort_by: 'name', sort_order: 'asc' }, export_format: 'json' });
    expect(first.status).toBe(201);
    const germanCount = first.body.requested_count as number;

    const preview = await world().preview(caller, { search_filters: { countries: ['Germany', 'France'] } });
    const both = await world().searchIds(caller, { countries: ['Germany', 'France'] });
    expect(preview.body).toMatchObject({
      requested_count: both.length,
      already_unlocked: germanCount,
      new_count: both.length - germanCount,
      cost: both.length - germanCount,
      balance: 1_000 - germanCount,
    });
    // Previewing charged nothing.
    expect((await world().credits(caller)).balance).toBe(1_000 - germanCount);
  });

  it('previews a saved list of the workspace, and answers 404 for a list of another workspace', async () => {
    const owner = await world().workspace(3);
    const ids = (await world().searchIds(owner, germany)).slice(0, 5);
    const listId = await world().createList(owner, ids);
    const preview = await world().preview(owner, { source_type: 'list', list_id: listId });
    expect(preview.body).toMatchObject({ requested_count: 5, new_count: 5, cost: 5, balance: 3, would_export: 3, would_skip: 2 });

    const stranger = await world().workspace(100);
    const foreign = await world().preview(stranger, { source_type: 'list', list_id: listId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail.code).toBe('NOT_FOUND');
    expect((await world().preview(stranger, { source_type: 'list', list_id: randomUUID() })).status).toBe(404);
  });

  it('previews explicit company_ids (repeats counted once); an unknown id is 422 naming it', async () => {
    const caller = await world().workspace(0);
    const ids = (await world().searchIds(caller, germany)).slice(0, 3);
    const preview = await world().preview(caller, { source_type: 'company_ids', company_ids: [...ids, ids[0]] });
    expect(preview.body).toEqual({
      requested_count: 3,
      already_unlocked: 0,
      new_count: 3,
      capped_at_10k: false,
      cost: 3,
      balance: 0,
      would_export: 0,
      would_skip: 3,
    });
    const unknown = randomUUID();
    const refused = await world().preview(caller, { source_type: 'company_ids', company_ids: [ids[0], unknown] });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.message).toContain(unknown);
  });

  it('answers 400 no_candidates when nothing matches (a search, an empty list)', async () => {
    const caller = await world().workspace(10);
    const none = await world().preview(caller, { search_filters: { countries: ['Atlantis'] } });
    expect(none.status).toBe(400);
    expect(none.body.detail.code).toBe('no_candidates');
    const emptyList = await world().createList(caller, []);
    expect((await world().preview(caller, { source_type: 'list', list_id: emptyList })).body.detail.code).toBe('no_candidates');
  });

  it('has the same cost as the create it previews', async () => {
    const caller = await world().workspace(500);
    const body = { search_filters: { countries: ['France'] }, sort_by: 'founded_year' as const };
    const preview = await world().preview(caller, body);
    const created = await world().create(caller, { ...body, name: 'france' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      requested_count: preview.body.requested_count,
      already_unlocked: preview.body.already_unlocked,
      new_count: preview.body.new_count,
      cost: preview.body.cost,
      credits_charged: preview.body.cost,
      capped_at_10k: false,
    });
  });
});
