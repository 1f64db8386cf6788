import { jaccardHundredths, nameSimilarity, nameWords } from './name-words';

describe('nameWords', () => {
  it.each([
    ['Brightpath Labs GmbH', ['brightpath', 'labs']],
    ['Société Générale S.A.', ['generale', 'societe']],
    ['Carter & Hayes, LLP', ['carter', 'hayes']],
    ['Acme Co., Ltd.', ['acme']],
    ['Hartmann Logistik GmbH & Co. KG', ['hartmann', 'logistik']],
    ['Grupo Norte S.A. de C.V.', ['grupo', 'norte']],
    ['Kowalski Sp. z o.o.', ['kowalski']],
    ['ACME acme Inc.', ['acme']],
    ['O\u2019Brien Corporation', ['obrien']],
    ['ＡＣＭＥ Ｃｏｒｐ', ['acme']],
  ])('reads %j as %j', (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});

describe('name similarity', () => {
  it('is the Jaccard index of the word sets, two decimals', () => {
    expect(nameSimilarity('Acme Cloud Inc.', 'ACME Cloud GmbH')).toBe(1);
    expect(nameSimilarity('Acme Cloud', 'Acme Cloud Systems')).toBe(0.67);
    expect(nameSimilarity('Acme', 'Acme Cloud')).toBe(0.5);
    expect(nameSimilarity('Acme', 'Globex')).toBe(0);
  });

  it('gives two names without words nothing in common', () => {
    expect(jaccardHundredths(0, 0, 0)).toBe(0);
    expect(nameSimilarity('Inc.', 'LLC')).toBe(0);
  });
});
