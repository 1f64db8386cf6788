import { resolveDomain, type DomainOwner } from './domain-resolution';
import { decideByName } from './lookup-decision';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const D = '00000000-0000-4000-8000-00000000000d';

describe('resolveDomain', () => {
  const owners: DomainOwner[] = [
    { domain: 'acme.co.uk', companyId: A, own: true },
    { domain: 'jobs.acme.co.uk', companyId: B, own: false },
    { domain: 'acme.co.uk', companyId: C, own: false },
    { domain: 'globex.de', companyId: D, own: false },
  ];

  it('takes the exact host before its registrable domain', () => {
    expect(resolveDomain({ host: 'jobs.acme.co.uk', registrable: 'acme.co.uk' }, owners)).toEqual([B]);
    expect(resolveDomain({ host: 'www2.acme.co.uk', registrable: 'acme.co.uk' }, owners)).toEqual([A]);
  });

  it('takes own domains before other domains', () => {
    expect(resolveDomain({ host: 'acme.co.uk', registrable: 'acme.co.uk' }, owners)).toEqual([A]);
    expect(resolveDomain({ host: 'globex.de', registrable: 'globex.de' }, owners)).toEqual([D]);
  });

  it('finds several companies at the deciding step, or none', () => {
    const shared = [...owners, { domain: 'acme.co.uk', companyId: D, own: true }];
    expect(resolveDomain({ host: 'acme.co.uk', registrable: 'acme.co.uk' }, shared)).toEqual([A, D]);
    expect(resolveDomain({ host: 'initech.com', registrable: 'initech.com' }, owners)).toEqual([]);
  });
});

describe('decideByName', () => {
  it('matches the best at 0.9 or more and 0.1 above the next', () => {
    expect(decideByName([{ companyId: A, similarity: 100 }, { companyId: B, similarity: 90 }])).toEqual({
      status: 'matched',
      best: { companyId: A, similarity: 100 },
    });
    expect(decideByName([{ companyId: A, similarity: 90 }, { companyId: B, similarity: 80 }]).status).toBe('matched');
  });

  it('is ambiguous when the best is below 0.9 or too close to the next, showing three best first, ties by id', () => {
    const close = decideByName([
      { companyId: D, similarity: 100 },
      { companyId: C, similarity: 100 },
      { companyId: B, similarity: 67 },
      { companyId: A, similarity: 50 },
    ]);
    expect(close).toEqual({
      status: 'ambiguous',
      candidates: [
        { companyId: C, similarity: 100 },
        { companyId: D, similarity: 100 },
        { companyId: B, similarity: 67 },
      ],
    });
    expect(decideByName([{ companyId: A, similarity: 89 }]).status).toBe('ambiguous');
  });

  it('is not found without candidates', () => {
    expect(decideByName([])).toEqual({ status: 'not_found' });
  });
});
