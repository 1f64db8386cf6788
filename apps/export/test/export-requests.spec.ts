import { randomUUID } from 'node:crypto';
import { useExportWorld } from './support/export-world';

describe('export request validation', () => {
  const world = useExportWorld();

  const expect422Naming = (response: { status: number; body: { detail: { code: string; message: string } } }, field: string) => {
    expect(response.status).toBe(422);
    expect(response.body.detail.code).toBe('VALIDATION_ERROR');
    expect(response.body.detail.message).toContain(field);
  };

  it('refuses an unknown top-level field with 422 naming it, on create and preview', async () => {
    const caller = await world().workspace(10);
    expect422Naming(await world().create(caller, { name: 'a', colour: 'red' }), 'colour');
    expect422Naming(await world().preview(caller, { colour: 'red' }), 'colour');
  });

  it('refuses an unknown field inside search_filters (and inside a connections entry) with 422 naming the path', async () => {
    const caller = await world().workspace(10);
    expect422Naming(await world().create(caller, { name: 'a', search_filters: { countries: ['Germany'], limit: 5 } }), 'search_filters.limit');
    expect422Naming(await world().preview(caller, { search_filters: { cursor: 'x' } }), 'search_filters.cursor');
    expect422Naming(
      await world().preview(caller, { search_filters: { connections: [{ category: 'investor', weight: 3 }] } }),
      'search_filters.connections.0.weight',
    );
  });

  it('refuses company_ids as a create source: as source_type and as a field', async () => {
    const caller = await world().workspace(10);
    expect422Naming(await world().create(caller, { name: 'a', source_type: 'company_ids', company_ids: [randomUUID()] }), 'source_type');
    expect422Naming(await world().create(caller, { name: 'a', company_ids: [randomUUID()] }), 'company_ids');
  });

  it('needs a name to create, list_id for a list, and refuses a field of another source', async () => {
    const caller = await world().workspace(10);
    expect422Naming(await world().create(caller, { search_filters: {} }), 'name');
    expect422Naming(await world().create(caller, { name: 'a', source_type: 'list' }), 'list_id');
    expect422Naming(await world().create(caller, { name: 'a', list_id: randomUUID() }), 'list_id');
    expect422Naming(await world().preview(caller, { source_type: 'list', list_id: randomUUID(), search_filters: {} }), 'search_filters');
    expect422Naming(await world().create(caller, { name: 'a', export_format: 'xlsx' }), 'export_format');
    expect422Naming(await world().create(caller, { name: 'a', sort_order: 'up' }), 'sort_order');
    expect422Naming(await world().create(caller, { name: 'a', sort_by: 'name', search_filters: { sort_by: 'quality' } }), 'search_filters.sort_by');
  });

  it('refuses an Idempotency-Key that is not 1-255 printable characters', async () => {
    const caller = await world().workspace(10);
    const tooLong = await world().create(caller, { name: 'a' }, 'k'.repeat(256));
    expect422Naming(tooLong, 'Idempotency-Key');
    const unprintable = await world().create(caller, { name: 'a' }, 'caf\u00e9');
    expect422Naming(unprintable, 'Idempotency-Key');
  });

  it('answers 403 INSUFFICIENT_SCOPE to a read token on create, and lets it preview', async () => {
    const caller = await world().workspace(10, { scope: 'read' });
    const created = await world().create(caller, { name: 'a', search_filters: { countries: ['Germany'] } });
    expect(created.status).toBe(403);
    expect(created.body.detail.code).toBe('INSUFFICIENT_SCOPE');
    expect((await world().preview(caller, { search_filters: { countries: ['Germany'] } })).status).toBe(200);
  });

  it('answers 404 for an export id that is not a UUID, and for an unknown one', async () => {
    const caller = await world().workspace();
    for (const id of ['not-an-id', randomUUID()]) {
      const response = await world().get(caller, `/exports/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.detail.code).toBe('NOT_FOUND');
      expect((await world().download(caller, id)).status).toBe(404);
    }
  });

  it('checks the list query: limit 1-100, offset from 0, a known status; unknown parameters are ignored', async () => {
    const caller = await world().workspace();
    expect422Naming(await world().get(caller, '/exports?limit=101'), 'limit');
    expect422Naming(await world().get(caller, '/exports?limit=0'), 'limit');
    expect422Naming(await world().get(caller, '/exports?offset=-1'), 'offset');
    expect422Naming(await world().get(caller, '/exports?status=done'), 'status');
    const fine = await world().get(caller, '/exports?colour=red');
    expect(fine.status).toBe(200);
    expect(fine.body).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
  });

  it('refuses a request that did not come through the gateway', async () => {
    const { default: request } = await import('supertest');
    const response = await request(world().app).post('/exports/preview').send({});
    expect(response.status).toBe(401);
  });
});
