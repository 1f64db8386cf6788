import { generateCompanies } from './company';
import { OTHER_DOMAIN_PRESENCE } from './other-domains';

const COUNT = 50_000;
const companies = [...generateCompanies({ seed: 7, count: COUNT })];

describe('other domains', () => {
  it('gives every domain, own or other, to one company only', () => {
    const owners = new Map<string, number>();
    for (const company of companies) {
      for (const domain of [company.domain, ...company.other_domains]) owners.set(domain, (owners.get(domain) ?? 0) + 1);
    }
    expect([...owners.values()].every((count) => count === 1)).toBe(true);
  });

  it('draws country domains, former domains and hosted stores at their rates', () => {
    const share = (test: (domain: string, own: string) => boolean) =>
      companies.filter((company) => company.other_domains.some((domain) => test(domain, company.domain))).length / COUNT;
    const label = (domain: string) => domain.slice(0, domain.indexOf('.'));
    expect(share((domain, own) => label(domain) === label(own) && !domain.endsWith('.myshopify.com'))).toBeCloseTo(OTHER_DOMAIN_PRESENCE.countryDomain, 1);
    expect(share((domain, own) => domain.endsWith('.myshopify.com') && domain.startsWith(label(own)))).toBeCloseTo(OTHER_DOMAIN_PRESENCE.hostedStore, 1);
    expect(share((domain, own) => label(domain) !== label(own) && label(domain).endsWith(label(own)))).toBeCloseTo(OTHER_DOMAIN_PRESENCE.formerDomain, 1);
  });
});
