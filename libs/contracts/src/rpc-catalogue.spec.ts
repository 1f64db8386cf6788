import { RPCS } from './rpc-catalogue';

const endpoints = Object.entries(RPCS).flatMap(([service, group]) => Object.values(group).map((definition) => ({ service, subject: definition.subject })));

describe('RPCS', () => {
  it('gives every endpoint its own subject', () => {
    const subjects = endpoints.map((endpoint) => endpoint.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
  });

  it("names every subject under the answering service's `<service>.rpc.` prefix", () => {
    for (const { service, subject } of endpoints) expect(subject).toMatch(new RegExp(`^${service}\\.rpc\\.[a-z_-]+$`));
  });

  it('keeps the wire names callers and servers already use', () => {
    expect(endpoints.map((endpoint) => endpoint.subject)).toEqual([
      'ledger.rpc.charge',
      'ledger.rpc.charge_batch',
      'ledger.rpc.refund',
      'ledger.rpc.grant',
      'ledger.rpc.balance',
      'search.rpc.export-candidates',
      'search.rpc.company-rows',
      'search.rpc.saved_list_domains',
      'webhooks.rpc.webhook_exists',
      'webhooks.rpc.slack_connection',
    ]);
  });
});
