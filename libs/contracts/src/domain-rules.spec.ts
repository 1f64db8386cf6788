import { parseLookupDomain } from './domain-rules';

describe('parseLookupDomain', () => {
  it.each([
    ['acme.io', 'acme.io', 'acme.io'],
    ['  Acme.IO ', 'acme.io', 'acme.io'],
    ['https://www.acme.com:8443/about?x=1#team', 'acme.com', 'acme.com'],
    ['http://user@acme.com/path', 'acme.com', 'acme.com'],
    ['ana@Acme.io', 'acme.io', 'acme.io'],
    ['jobs.acme.co.uk', 'jobs.acme.co.uk', 'acme.co.uk'],
    ['www.acme.com.', 'acme.com', 'acme.com'],
    ['acme-3k.myshopify.com', 'acme-3k.myshopify.com', 'myshopify.com'],
  ])('reads %j as host %s, registrable domain %s', (input, host, registrable) => {
    expect(parseLookupDomain(input)).toEqual({ host, registrable });
  });

  it.each(['', 'acme', 'localhost', '192.168.0.1', 'acme.notatld', 'not a domain.com', 'ana@', 'https://', 'co.uk'])(
    'refuses %j as not a domain',
    (input) => {
      expect(parseLookupDomain(input)).toBeUndefined();
    },
  );
});
