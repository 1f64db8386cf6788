import type { Caller, CreditsResponse } from '@radar/contracts';
import { useExportWorld } from './support/export-world';

describe('POST /exports: charging', () => {
  const world = useExportWorld();

  const germany = { countries: ['Germany'] };
  const exportCharges = (credits: CreditsResponse) => credits.recent_transactions.filter((t) => t.reason === 'export_charge');
  const jobsOf = async (caller: Caller) => (await world().get(caller, '/exports?limit=100')).body as { items: { id: string }[]; total: number };

  it('answers 201 with the job pending and charges 1 credit per company, reason export_charge, reference export:<id>:create', async () => {
    const caller = await world().workspace(1_000);
    const matches = await world().searchIds(caller, germany);
    const created = await world().create(caller, { name: 'Germany', search_filters: germany });
    expect(created.status).toBe(201);
    const exportId = created.body.export_job.id as string;
    expect(created.body).toEqual({
      export_job: { id: exportId, name: 'Germany', status: 'pending', export_format: 'csv', source_type: 'search' },
      requested_count: matches.length,
      already_unlocked: 0,
      new_count: matches.length,
      cost: matches.length,
      credits_charged: matches.length,
      capped_at_10k: false,
      transaction_id: expect.any(String),
    });
    const credits = await world().credits(caller);
    expect(credits.balance).toBe(1_000 - matches.length);
    expect(credits.recent_transactions[0]).toMatchObject({
      id: created.body.transaction_id,
      amount: -matches.length,
      reason: 'export_charge',
      reference: `export:${exportId}:create`,
    });
    const job = await world().finished(caller, exportId);
    expect(job).toMatchObject({ status: 'completed', total_records: matches.length, processed_records: matches.length, credits_charged: matches.length });
  });

  it('charges the overlap of two searches once, and re-exporting is free', async () => {
    const caller = await world().workspace(2_000);
    const german = await world().searchIds(caller, germany);
    const germanOrFrench = await world().searchIds(caller, { countries: ['Germany', 'France'] });

    const first = await world().create(caller, { name: 'de', search_filters: germany });
    const second = await world().create(caller, { name: 'de+fr', search_filters: { countries: ['Germany', 'France'] } });
    expect(second.body).toMatchObject({
      requested_count: germanOrFrench.length,
      already_unlocked: german.length,
      new_count: germanOrFrench.length - german.length,
      cost: germanOrFrench.length - german.length,
      credits_charged: germanOrFrench.length - german.length,
    });
    const again = await world().create(caller, { name: 'de again', search_filters: germany, export_format: 'json' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ requested_count: german.length, already_unlocked: german.length, new_count: 0, cost: 0, credits_charged: 0, transaction_id: null });

    const credits = await world().credits(caller);
    expect(credits.balance).toBe(2_000 - germanOrFrench.length);
    expect(exportCharges(credits).map((t) => t.reference).sort()).toEqual(
      [`export:${first.body.export_job.id}:create`, `export:${second.body.export_job.id}:create`].sort(),
    );
    expect((await world().finished(caller, again.body.export_job.id)).status).toBe('completed');
  });

  it('answers 402 insufficient_balance with the exact details when the balance is short, and changes nothing anywhere', async () => {
    const caller = await world().workspace(10);
    const german = await world().searchIds(caller, germany);
    const before = await world().credits(caller);
    const refused = await world().create(caller, { name: 'too big', search_filters: germany });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      detail: {
        code: 'insufficient_balance',
        message: expect.any(String),
        details: { shortfall: german.length - 10, cost: german.length, balance: 10, matched_count: german.length },
      },
    });
    expect(await world().credits(caller)).toEqual(before);
    expect(await jobsOf(caller)).toMatchObject({ items: [], total: 0 });
    // Nothing unlocked: the same companies are still all new.
    expect((await world().preview(caller, { search_filters: germany })).body).toMatchObject({ already_unlocked: 0, new_count: german.length });
  });

  it('treats a zero balance as a short one: 402 with balance 0', async () => {
    const caller = await world().workspace(0);
    const refused = await world().create(caller, { name: 'broke', search_filters: germany });
    expect(refused.status).toBe(402);
    expect(refused.body.detail.details).toMatchObject({ balance: 0, shortfall: refused.body.detail.details.cost });
    expect(await jobsOf(caller)).toMatchObject({ total: 0 });
  });

  it('answers 400 no_candidates when nothing matches, charging nothing', async () => {
    const caller = await world().workspace(10);
    const none = await world().create(caller, { name: 'none', search_filters: { countries: ['Atlantis'] } });
    expect(none.status).toBe(400);
    expect(none.body.detail.code).toBe('no_candidates');
    expect((await world().credits(caller)).balance).toBe(10);
  });

  it('exports a saved list of the workspace, and answers 404 for a list of another workspace', async () => {
    const owner = await world().workspace(100);
    const ids = (await world().searchIds(owner, germany)).slice(0, 7);
    const listId = await world().createList(owner, ids);
    const created = await world().create(owner, { name: 'list', source_type: 'list', list_id: listId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ requested_count: 7, cost: 7, export_job: { source_type: 'list' } });
    const stranger = await world().workspace(100);
    const foreign = await world().create(stranger, { name: 'theirs', source_type: 'list', list_id: listId });
    expect(foreign.status).toBe(404);
    expect((await world().credits(stranger)).balance).toBe(100);
  });

  describe('Idempotency-Key', () => {
    it('returns the first response to the same key and body, charging once', async () => {
      const caller = await world().workspace(500);
      const body = { name: 'once', search_filters: germany };
      const first = await world().create(caller, body, 'order-1');
      const second = await world().create(caller, { search_filters: germany, name: 'once', export_format: 'csv' }, 'order-1');
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      const credits = await world().credits(caller);
      expect(exportCharges(credits)).toHaveLength(1);
      expect((await jobsOf(caller)).total).toBe(1);
    });

    it('refuses the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED, nothing charged', async () => {
      const caller = await world().workspace(500);
      await world().create(caller, { name: 'a', search_filters: germany }, 'order-2');
      const balance = (await world().credits(caller)).balance;
      const reused = await world().create(caller, { name: 'a', search_filters: { countries: ['France'] } }, 'order-2');
      expect(reused.status).toBe(422);
      expect(reused.body.detail.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await world().credits(caller)).balance).toBe(balance);
      expect((await jobsOf(caller)).total).toBe(1);
    });

    it('scopes keys to the workspace: another workspace may use the same key', async () => {
      const [a, b] = await Promise.all([world().workspace(500), world().workspace(500)]);
      const mine = await world().create(a, { name: 'a', search_filters: germany }, 'shared-key');
      const theirs = await world().create(b, { name: 'b', search_filters: { countries: ['France'] } }, 'shared-key');
      expect(theirs.status).toBe(201);
      expect(theirs.body.export_job.id).not.toBe(mine.body.export_job.id);
      expect(exportCharges(await world().credits(b))).toHaveLength(1);
    });

    it('charges once when the same key arrives twice at the same time', async () => {
      const caller = await world().workspace(500);
      const body = { name: 'race', search_filters: germany };
      const [one, two] = await Promise.all([world().create(caller, body, 'race-key'), world().create(caller, body, 'race-key')]);
      expect([one.status, two.status]).toEqual([201, 201]);
      expect(one.body.export_job.id).toBe(two.body.export_job.id);
      expect(exportCharges(await world().credits(caller))).toHaveLength(1);
      expect((await jobsOf(caller)).total).toBe(1);
    });

    it('forgets a key after 24 hours: the same key then creates a new export', async () => {
      const caller = await world().workspace(500);
      const body = { name: 'daily', search_filters: germany };
      const first = await world().create(caller, body, 'daily-key');
      world().clock.offsetMs = 23 * 3_600_000;
      try {
        expect((await world().create(caller, body, 'daily-key')).body.export_job.id).toBe(first.body.export_job.id);
        world().clock.offsetMs = 24 * 3_600_000 + 60_000;
        const later = await world().create(caller, body, 'daily-key');
        expect(later.status).toBe(201);
        expect(later.body.export_job.id).not.toBe(first.body.export_job.id);
        // Its companies were paid for by the first export: the new one is free.
        expect(later.body).toMatchObject({ cost: 0, already_unlocked: first.body.requested_count });
        expect((await world().create(caller, body, 'daily-key')).body.export_job.id).toBe(later.body.export_job.id);
      } finally {
        world().clock.offsetMs = 0;
      }
    });

    it('does not bind a key to a refused request: after a 402, the same key works once credits are added', async () => {
      const caller = await world().workspace(0);
      const body = { name: 'later', search_filters: germany };
      expect((await world().create(caller, body, 'after-topup')).status).toBe(402);
      await world().grant(caller.workspaceId, 1_000);
      const created = await world().create(caller, body, 'after-topup');
      expect(created.status).toBe(201);
      expect((await world().create(caller, body, 'after-topup')).body.export_job.id).toBe(created.body.export_job.id);
    });
  });

  it('never overdraws under ten concurrent creates, and charges only created jobs: balance = grants - charges + refunds', async () => {
    const caller = await world().workspace();
    // Ten disjoint exports of 9 companies each; the balance covers four of them.
    const ids = await world().searchIds(caller, {}, 90);
    const lists = await Promise.all(Array.from({ length: 10 }, (_, i) => world().createList(caller, ids.slice(i * 9, i * 9 + 9))));
    await world().grant(caller.workspaceId, 40);
    const answers = await Promise.all(lists.map((listId, i) => world().create(caller, { name: `c${i}`, source_type: 'list', list_id: listId })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 402)).toHaveLength(6);

    const credits = await world().credits(caller);
    expect(credits.balance).toBe(4);
    const sum = (reason: string) => credits.recent_transactions.filter((t) => t.reason === reason).reduce((total, t) => total + t.amount, 0);
    expect(credits.balance).toBe(sum('grant') + sum('export_charge') + sum('export_refund'));
    const created = new Set(answers.filter((answer) => answer.status === 201).map((answer) => `export:${answer.body.export_job.id}:create`));
    expect(new Set(exportCharges(credits).map((t) => t.reference))).toEqual(created);
    expect((await jobsOf(caller)).total).toBe(4);
  });

  it('charges overlapping concurrent creates for the overlap once', async () => {
    const caller = await world().workspace(5_000);
    const german = await world().searchIds(caller, germany);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => world().create(caller, { name: `same ${i}`, search_filters: germany })));
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(answers.reduce((total, answer) => total + (answer.body.credits_charged as number), 0)).toBe(german.length);
    expect((await world().credits(caller)).balance).toBe(5_000 - german.length);
  });
});
