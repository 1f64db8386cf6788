import { normalizeDomain } from './domain-name';

describe('normalizeDomain', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['https://www.example.com/about?x=1', 'example.com'],
    ['http://shop.example.co.uk.', 'shop.example.co.uk'],
    ['  www.acme-1x2.io  ', 'acme-1x2.io'],
  ])('turns %s into %s', (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });
});
