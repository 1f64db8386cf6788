/**
 * The countries companies are registered in, and how each names and hosts its companies.
 *
 * Country, state and city names come from the npm package `country-state-city`; this file
 * only says how often each country appears and what its companies look like. Weights
 * follow the skew of real company databases (about a third US, then UK, India, Germany,
 * France, Canada ...). `hubs` are the business centres most companies of the country sit
 * in (name plus the package's state code where the name is ambiguous); the rest are drawn
 * from all of the country's cities.
 */
export type NameFamily =
  | 'anglo' | 'german' | 'french' | 'indian' | 'spanish' | 'italian' | 'portuguese' | 'dutch' | 'nordic' | 'japanese'
  | 'chinese' | 'korean' | 'polish' | 'hebrew' | 'arabic' | 'african' | 'turkish' | 'southeast_asian' | 'vietnamese' | 'pakistani';

export interface CountryProfile {
  readonly code: string;
  readonly weight: number;
  readonly names: NameFamily;
  /** Legal-form suffixes as written after a company name. */
  readonly legalSuffixes: readonly string[];
  /** Domain endings, most common first. */
  readonly tlds: readonly string[];
  readonly hubs: readonly (readonly [city: string, stateCode?: string])[];
  /** EU/EEA/UK sites show cookie banners far more often. */
  readonly cookieBanners: boolean;
  /** Share of its companies that sit in a hub rather than anywhere in the country. */
  readonly hubShare: number;
}

type Row = Omit<CountryProfile, 'hubShare'> & { hubShare?: number };

const ROWS: readonly Row[] = [
  { code: 'US', weight: 36, names: 'anglo', legalSuffixes: ['Inc.', 'LLC', 'Corp.', 'Co.'], tlds: ['.com', '.com', '.com', '.io', '.co', '.ai', '.net'], cookieBanners: false,
    hubs: [['New York City', 'NY'], ['San Francisco', 'CA'], ['Los Angeles', 'CA'], ['Chicago', 'IL'], ['Boston', 'MA'], ['Seattle', 'WA'], ['Austin', 'TX'],
      ['Houston', 'TX'], ['Dallas', 'TX'], ['Atlanta', 'GA'], ['Miami', 'FL'], ['Denver', 'CO'], ['San Diego', 'CA'], ['San Jose', 'CA'],
      ['Washington, D.C.', 'DC'], ['Philadelphia', 'PA'], ['Phoenix', 'AZ'], ['Minneapolis', 'MN'], ['Portland', 'OR'], ['Salt Lake City', 'UT'],
      ['Raleigh', 'NC'], ['Nashville', 'TN'], ['Pittsburgh', 'PA'], ['Detroit', 'MI'], ['Columbus', 'OH'], ['Charlotte', 'NC'], ['Palo Alto', 'CA'],
      ['Mountain View', 'CA'], ['Cambridge', 'MA']] },
  { code: 'GB', weight: 8, names: 'anglo', legalSuffixes: ['Ltd', 'Limited', 'LLP', 'PLC'], tlds: ['.co.uk', '.co.uk', '.com', '.io', '.uk'], cookieBanners: true,
    hubs: [['London', 'ENG'], ['Manchester', 'ENG'], ['Birmingham', 'ENG'], ['Edinburgh', 'SCT'], ['Glasgow', 'SCT'], ['Bristol', 'ENG'], ['Leeds', 'ENG'],
      ['Cambridge', 'ENG'], ['Oxford', 'ENG'], ['Cardiff', 'WLS']] },
  { code: 'IN', weight: 6, names: 'indian', legalSuffixes: ['Pvt Ltd', 'Private Limited', 'Ltd', 'LLP'], tlds: ['.in', '.com', '.co.in', '.io'], cookieBanners: false,
    hubs: [['Bengaluru', 'KA'], ['Mumbai', 'MH'], ['New Delhi', 'DL'], ['Hyderabad', 'TG'], ['Pune', 'MH'], ['Chennai', 'TN'], ['Gurgaon', 'HR'],
      ['Noida', 'UP'], ['Kolkata', 'WB'], ['Ahmedabad', 'GJ']] },
  { code: 'DE', weight: 5, names: 'german', legalSuffixes: ['GmbH', 'GmbH', 'AG', 'GmbH & Co. KG', 'UG'], tlds: ['.de', '.de', '.com', '.io'], cookieBanners: true,
    hubs: [['Berlin', 'BE'], ['Munich', 'BY'], ['Hamburg', 'HH'], ['Frankfurt am Main', 'HE'], ['Köln', 'NW'], ['Stuttgart', 'BW'], ['Düsseldorf', 'NW'],
      ['Leipzig', 'SN'], ['Dresden', 'SN'], ['Karlsruhe', 'BW']] },
  { code: 'FR', weight: 4, names: 'french', legalSuffixes: ['SAS', 'SA', 'SARL'], tlds: ['.fr', '.fr', '.com', '.io'], cookieBanners: true,
    hubs: [['Paris', 'IDF'], ['Lyon', 'ARA'], ['Marseille', 'PAC'], ['Toulouse', 'OCC'], ['Nantes', 'PDL'], ['Bordeaux', 'NAQ'], ['Lille', 'HDF'], ['Nice', 'PAC']] },
  { code: 'CA', weight: 4, names: 'anglo', legalSuffixes: ['Inc.', 'Ltd.', 'Corp.'], tlds: ['.ca', '.com', '.ca', '.io'], cookieBanners: false,
    hubs: [['Toronto', 'ON'], ['Vancouver', 'BC'], ['Montréal', 'QC'], ['Calgary', 'AB'], ['Ottawa', 'ON'], ['Waterloo', 'ON'], ['Edmonton', 'AB']] },
  { code: 'AU', weight: 3, names: 'anglo', legalSuffixes: ['Pty Ltd', 'Pty Ltd', 'Ltd'], tlds: ['.com.au', '.com.au', '.com', '.io'], cookieBanners: false,
    hubs: [['Sydney', 'NSW'], ['Melbourne', 'VIC'], ['Brisbane', 'QLD'], ['Perth', 'WA'], ['Adelaide', 'SA'], ['Canberra', 'ACT']] },
  { code: 'BR', weight: 3, names: 'portuguese', legalSuffixes: ['Ltda.', 'S.A.', 'Ltda.'], tlds: ['.com.br', '.com.br', '.com'], cookieBanners: false,
    hubs: [['São Paulo', 'SP'], ['Rio de Janeiro', 'RJ'], ['Belo Horizonte', 'MG'], ['Curitiba', 'PR'], ['Porto Alegre', 'RS']] },
  { code: 'NL', weight: 2, names: 'dutch', legalSuffixes: ['B.V.', 'B.V.', 'N.V.'], tlds: ['.nl', '.com', '.io'], cookieBanners: true,
    hubs: [['Amsterdam', 'NH'], ['Rotterdam', 'ZH'], ['Utrecht', 'UT'], ['Eindhoven', 'NB'], ['The Hague', 'ZH']] },
  { code: 'ES', weight: 2, names: 'spanish', legalSuffixes: ['S.L.', 'S.L.', 'S.A.'], tlds: ['.es', '.com', '.es'], cookieBanners: true,
    hubs: [['Madrid', 'MD'], ['Barcelona', 'CT'], ['Valencia', 'VC']] },
  { code: 'IT', weight: 2, names: 'italian', legalSuffixes: ['S.r.l.', 'S.r.l.', 'S.p.A.'], tlds: ['.it', '.com', '.it'], cookieBanners: true,
    hubs: [['Milan'], ['Rome'], ['Turin'], ['Bologna']] },
  { code: 'SE', weight: 1.2, names: 'nordic', legalSuffixes: ['AB'], tlds: ['.se', '.com', '.io'], cookieBanners: true, hubs: [['Stockholm', 'AB'], ['Malmö', 'M']] },
  { code: 'CH', weight: 1.2, names: 'german', legalSuffixes: ['AG', 'GmbH', 'SA'], tlds: ['.ch', '.com', '.ch'], cookieBanners: true,
    hubs: [['Zürich', 'ZH'], ['Basel', 'BS'], ['Lausanne', 'VD']] },
  { code: 'IE', weight: 0.8, names: 'anglo', legalSuffixes: ['Ltd', 'Limited', 'DAC'], tlds: ['.ie', '.com', '.io'], cookieBanners: true, hubs: [['Dublin'], ['Cork']] },
  { code: 'IL', weight: 1, names: 'hebrew', legalSuffixes: ['Ltd.', 'Ltd.'], tlds: ['.co.il', '.com', '.io', '.ai'], cookieBanners: false,
    hubs: [['Tel Aviv', 'TA'], ['Jerusalem', 'JM'], ['Haifa', 'HA']] },
  { code: 'SG', weight: 1, names: 'southeast_asian', legalSuffixes: ['Pte. Ltd.', 'Pte. Ltd.'], tlds: ['.sg', '.com.sg', '.com', '.io'], cookieBanners: false, hubs: [['Singapore']], hubShare: 0.95 },
  { code: 'JP', weight: 1.5, names: 'japanese', legalSuffixes: ['K.K.', 'Co., Ltd.', 'G.K.'], tlds: ['.co.jp', '.jp', '.com'], cookieBanners: false,
    hubs: [['Tokyo', '13'], ['Osaka', '27'], ['Yokohama', '14'], ['Kyoto', '26'], ['Fukuoka', '40']] },
  { code: 'CN', weight: 1.5, names: 'chinese', legalSuffixes: ['Co., Ltd.', 'Ltd.'], tlds: ['.cn', '.com.cn', '.com'], cookieBanners: false, hubs: [] },
  { code: 'MX', weight: 1.2, names: 'spanish', legalSuffixes: ['S.A. de C.V.', 'S. de R.L. de C.V.'], tlds: ['.com.mx', '.mx', '.com'], cookieBanners: false,
    hubs: [['Guadalajara', 'JAL'], ['Monterrey', 'NLE']] },
  { code: 'PL', weight: 1, names: 'polish', legalSuffixes: ['Sp. z o.o.', 'S.A.'], tlds: ['.pl', '.com', '.pl'], cookieBanners: true, hubs: [] },
  { code: 'BE', weight: 0.8, names: 'dutch', legalSuffixes: ['BV', 'NV', 'SRL'], tlds: ['.be', '.com', '.eu'], cookieBanners: true, hubs: [] },
  { code: 'DK', weight: 0.6, names: 'nordic', legalSuffixes: ['ApS', 'A/S'], tlds: ['.dk', '.com', '.io'], cookieBanners: true, hubs: [] },
  { code: 'NO', weight: 0.5, names: 'nordic', legalSuffixes: ['AS', 'ASA'], tlds: ['.no', '.com'], cookieBanners: true, hubs: [] },
  { code: 'FI', weight: 0.5, names: 'nordic', legalSuffixes: ['Oy', 'Oyj'], tlds: ['.fi', '.com', '.io'], cookieBanners: true, hubs: [] },
  { code: 'AT', weight: 0.6, names: 'german', legalSuffixes: ['GmbH', 'AG'], tlds: ['.at', '.com'], cookieBanners: true, hubs: [] },
  { code: 'ZA', weight: 0.8, names: 'african', legalSuffixes: ['(Pty) Ltd', 'Ltd'], tlds: ['.co.za', '.com'], cookieBanners: false, hubs: [] },
  { code: 'AE', weight: 0.8, names: 'arabic', legalSuffixes: ['LLC', 'FZ-LLC', 'FZE'], tlds: ['.ae', '.com', '.io'], cookieBanners: false, hubs: [] },
  { code: 'NG', weight: 0.5, names: 'african', legalSuffixes: ['Ltd', 'Limited', 'Plc'], tlds: ['.com.ng', '.ng', '.com'], cookieBanners: false, hubs: [] },
  { code: 'KE', weight: 0.3, names: 'african', legalSuffixes: ['Ltd', 'Limited'], tlds: ['.co.ke', '.com'], cookieBanners: false, hubs: [] },
  { code: 'AR', weight: 0.6, names: 'spanish', legalSuffixes: ['S.A.', 'S.R.L.'], tlds: ['.com.ar', '.com'], cookieBanners: false, hubs: [] },
  { code: 'CL', weight: 0.4, names: 'spanish', legalSuffixes: ['SpA', 'S.A.'], tlds: ['.cl', '.com'], cookieBanners: false, hubs: [] },
  { code: 'CO', weight: 0.5, names: 'spanish', legalSuffixes: ['S.A.S.', 'S.A.'], tlds: ['.com.co', '.co', '.com'], cookieBanners: false, hubs: [] },
  { code: 'PT', weight: 0.5, names: 'portuguese', legalSuffixes: ['Lda.', 'S.A.'], tlds: ['.pt', '.com'], cookieBanners: true, hubs: [] },
  { code: 'KR', weight: 0.6, names: 'korean', legalSuffixes: ['Co., Ltd.', 'Inc.'], tlds: ['.co.kr', '.kr', '.com'], cookieBanners: false, hubs: [] },
  { code: 'NZ', weight: 0.4, names: 'anglo', legalSuffixes: ['Ltd', 'Limited'], tlds: ['.co.nz', '.nz', '.com'], cookieBanners: false, hubs: [] },
  { code: 'ID', weight: 0.6, names: 'southeast_asian', legalSuffixes: ['PT', 'Tbk'], tlds: ['.co.id', '.id', '.com'], cookieBanners: false, hubs: [] },
  { code: 'PH', weight: 0.5, names: 'southeast_asian', legalSuffixes: ['Inc.', 'Corp.'], tlds: ['.com.ph', '.ph', '.com'], cookieBanners: false, hubs: [] },
  { code: 'MY', weight: 0.4, names: 'southeast_asian', legalSuffixes: ['Sdn. Bhd.', 'Bhd.'], tlds: ['.com.my', '.my', '.com'], cookieBanners: false, hubs: [] },
  { code: 'TR', weight: 0.5, names: 'turkish', legalSuffixes: ['A.Ş.', 'Ltd. Şti.'], tlds: ['.com.tr', '.com'], cookieBanners: false, hubs: [] },
  { code: 'EG', weight: 0.3, names: 'arabic', legalSuffixes: ['S.A.E.', 'LLC'], tlds: ['.com.eg', '.com'], cookieBanners: false, hubs: [] },
  { code: 'PK', weight: 0.4, names: 'pakistani', legalSuffixes: ['(Pvt.) Ltd.', 'Ltd.'], tlds: ['.com.pk', '.pk', '.com'], cookieBanners: false, hubs: [] },
  { code: 'VN', weight: 0.3, names: 'vietnamese', legalSuffixes: ['JSC', 'Co., Ltd.'], tlds: ['.vn', '.com.vn', '.com'], cookieBanners: false, hubs: [] },
];

export const COUNTRY_PROFILES: readonly CountryProfile[] = ROWS.map((row) => ({
  ...row,
  hubShare: row.hubShare ?? (row.hubs.length === 0 ? 0 : 0.6),
}));
