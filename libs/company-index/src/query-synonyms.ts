/**
 * Words and phrases a free-text query treats as the same: a query holding one entry of a
 * group also finds companies that hold any other entry of it (free-text-query.ts). One list
 * for both back ends; both expand the query with it, so neither index depends on it and a
 * change here needs no reindex.
 *
 * Entries are lower case, words of letters and digits (a hyphen joins words: "e-commerce" is
 * the words "e" and "commerce"). No entry may hold an English stop word other than as a whole
 * entry ("it"): a stop word inside a phrase would be dropped by the engines' analysers and the
 * phrase would mean less than it says. Each entry belongs to one group.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  // Abbreviations and their spelled-out forms.
  ['ai', 'artificial intelligence'],
  ['hr', 'human resources'],
  ['crm', 'customer relationship management'],
  ['erp', 'enterprise resource planning'],
  ['ev', 'electric vehicle'],
  ['seo', 'search engine optimization'],
  ['pr', 'public relations'],
  ['ux', 'user experience'],
  ['vc', 'venture capital'],
  ['3pl', 'third-party logistics'],
  // "IT" is an English stop word, so it is found only through its spelled-out form.
  ['it', 'information technology'],
  ['fintech', 'financial technology'],
  ['insurtech', 'insurance technology'],
  ['proptech', 'property technology'],
  ['edtech', 'education technology'],
  ['medtech', 'medical technology'],
  ['biotech', 'biotechnology'],
  ['pharma', 'pharmaceutical'],
  // Spellings.
  ['ecommerce', 'e-commerce'],
  ['nonprofit', 'non-profit', 'charity', 'ngo'],
  ['daycare', 'day care', 'childcare', 'child care'],
  ['jewelry', 'jewellery'],
  ['call center', 'call centre', 'contact center'],
  ['cybersecurity', 'cyber security', 'information security', 'infosec'],
  ['skincare', 'skin care'],
  // Words for the same trade, and the people who practise it.
  ['dental', 'dentist', 'dentistry'],
  ['orthodontics', 'orthodontist', 'orthodontic'],
  ['veterinary', 'veterinarian', 'vet'],
  ['lawyer', 'attorney', 'solicitor'],
  ['accountant', 'accountancy', 'cpa'],
  ['photographer', 'photography'],
  ['physiotherapy', 'physical therapy', 'physiotherapist', 'physical therapist'],
  ['telehealth', 'telemedicine'],
  ['realtor', 'real estate agent', 'estate agent'],
  ['recruitment', 'recruiting', 'staffing', 'headhunting'],
  ['car', 'auto', 'automobile'],
  ['gym', 'fitness center', 'fitness studio'],
  ['photovoltaic', 'solar panel', 'pv'],
  ['battery storage', 'energy storage'],
];
