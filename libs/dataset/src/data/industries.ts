import type { IndustryGroupKey } from './industry-groups';
import { INDUSTRY_VOCABULARY, type IndustryVocabulary } from './industry-vocabulary';

/**
 * Industry labels: a subset of LinkedIn's Industry Codes V2 taxonomy (2022), see
 * https://learn.microsoft.com/en-us/linkedin/shared/references/reference-tables/industry-codes-v2 .
 * No npm package carries that list, so the labels are embedded here, each with the
 * NAICS 2022 national industries (./naics-2022) its companies are classified under.
 *
 * `weight` is the label's relative share of companies, shaped after how company
 * databases are spread (many IT, consulting, construction, retail and health companies;
 * few casinos or think tanks).
 */
export interface IndustryDefinition {
  readonly label: string;
  readonly group: IndustryGroupKey;
  readonly naics: readonly string[];
  readonly weight: number;
  /** What its companies call themselves, sell and serve (./industry-vocabulary). */
  readonly vocabulary: IndustryVocabulary;
}

type Row = readonly [label: string, group: IndustryGroupKey, naics: readonly string[], weight: number];

const ROWS: readonly Row[] = [
  ['Software Development', 'software', ['513210', '541511'], 6],
  ['IT Services and IT Consulting', 'it_services', ['541512', '541519', '541511'], 5],
  ['Technology, Information and Internet', 'internet', ['519290', '518210', '516210'], 3],
  ['IT System Custom Software Development', 'it_services', ['541511'], 0.4],
  ['Data Infrastructure and Analytics', 'software', ['518210'], 0.3],
  ['Computer and Network Security', 'cybersecurity', ['541512', '541519'], 0.8],
  ['Blockchain Services', 'fintech', ['518210', '522320'], 0.1],
  ['Internet Marketplace Platforms', 'internet', ['519290', '425120'], 0.3],
  ['Online Audio and Video Media', 'internet', ['516210'], 0.3],
  ['Computer Games', 'internet', ['513210'], 0.4],
  ['Telecommunications', 'telecom', ['517111', '517112', '517810'], 0.8],
  ['Wireless Services', 'telecom', ['517112'], 0.2],
  ['Business Consulting and Services', 'professional_services', ['541611', '541618', '541614', '541690'], 5],
  ['Advertising Services', 'marketing_media', ['541810', '541830', '541850', '541890'], 3],
  ['Marketing Services', 'marketing_media', ['541613', '541890'], 1.5],
  ['Public Relations and Communications Services', 'marketing_media', ['541820'], 0.6],
  ['Market Research', 'marketing_media', ['541910'], 0.4],
  ['Design Services', 'marketing_media', ['541430', '541410'], 1],
  ['Photography', 'marketing_media', ['541921', '541922'], 0.6],
  ['Media Production', 'marketing_media', ['512110', '512191'], 0.6],
  ['Movies, Videos and Sound', 'marketing_media', ['512110', '512250', '512240'], 0.3],
  ['Broadcast Media Production and Distribution', 'marketing_media', ['516120', '516110'], 0.4],
  ['Book and Periodical Publishing', 'marketing_media', ['513130', '513120'], 0.3],
  ['Newspaper Publishing', 'marketing_media', ['513110'], 0.2],
  ['Translation and Localization', 'professional_services', ['541930'], 0.2],
  ['Legal Services', 'professional_services', ['541199', '541191'], 1.5],
  ['Law Practice', 'professional_services', ['541110'], 1.5],
  ['Accounting', 'professional_services', ['541211', '541219', '541213'], 2],
  ['Research Services', 'professional_services', ['541715', '541720'], 0.4],
  ['Think Tanks', 'professional_services', ['541720'], 0.05],
  ['Holding Companies', 'investment', ['551112', '551111'], 0.2],
  ['Architecture and Planning', 'construction', ['541310', '541320'], 1],
  ['Civil Engineering', 'construction', ['541330', '237310'], 0.8],
  ['Engineering Services', 'construction', ['541330'], 1],
  ['Biotechnology Research', 'life_sciences', ['541714'], 0.7],
  ['Nanotechnology Research', 'life_sciences', ['541713'], 0.02],
  ['Space Research and Technology', 'mobility', ['541715', '336414'], 0.05],
  ['Robotics Engineering', 'manufacturing', ['541330', '541715'], 0.1],
  ['Staffing and Recruiting', 'staffing', ['561311', '561320', '561312'], 2],
  ['Human Resources Services', 'staffing', ['541612', '561330'], 1],
  ['Professional Training and Coaching', 'education', ['611430', '611710'], 1.2],
  ['E-Learning Providers', 'education', ['611710', '611420', '611691'], 1],
  ['Higher Education', 'education', ['611310'], 0.8],
  ['Primary and Secondary Education', 'education', ['611110'], 1],
  ['Education Administration Programs', 'education', ['923110', '611710'], 1],
  ['Hospitals and Health Care', 'healthcare', ['622110', '621111', '621498', '621610'], 3.5],
  ['Medical Practices', 'healthcare', ['621111', '621112'], 2],
  ['Mental Health Care', 'healthcare', ['621330', '621420'], 0.5],
  ['Home Health Care Services', 'healthcare', ['621610'], 0.3],
  ['Dentists', 'healthcare', ['621210'], 0.4],
  ['Veterinary Services', 'healthcare', ['541940'], 0.3],
  ['Nursing Homes and Residential Care Facilities', 'healthcare', ['623110', '623312'], 0.3],
  ['Individual and Family Services', 'public_sector', ['624190', '624120'], 0.4],
  ['Child Day Care Services', 'healthcare', ['624410'], 0.2],
  ['Medical and Diagnostic Laboratories', 'healthcare', ['621511', '621512'], 0.2],
  ['Wellness and Fitness Services', 'local_services', ['713940'], 1.5],
  ['Pharmaceutical Manufacturing', 'life_sciences', ['325412', '325411', '325414'], 0.6],
  ['Medical Equipment Manufacturing', 'life_sciences', ['339112', '334510', '339113'], 0.7],
  ['Financial Services', 'fintech', ['523940', '522320', '523999', '522390'], 3.5],
  ['Banking', 'fintech', ['522110', '522130', '522180'], 0.6],
  ['Investment Management', 'investment', ['523940'], 0.8],
  ['Venture Capital and Private Equity Principals', 'investment', ['523910', '523999'], 0.6],
  ['Capital Markets', 'investment', ['523150', '523210'], 0.3],
  ['Investment Banking', 'investment', ['523150'], 0.2],
  ['Loan Brokers', 'fintech', ['522310'], 0.3],
  ['Insurance', 'insurance', ['524126', '524113', '524210', '524114'], 1.2],
  ['Real Estate', 'real_estate', ['531210', '531311', '531390', '531120'], 3],
  ['Real Estate Agents and Brokers', 'real_estate', ['531210'], 0.5],
  ['Leasing Non-residential Real Estate', 'real_estate', ['531120'], 0.2],
  ['Equipment Rental Services', 'real_estate', ['532490', '532412'], 0.2],
  ['Construction', 'construction', ['236220', '236115', '238210', '238220', '237310'], 4],
  ['Residential Building Construction', 'construction', ['236115', '236118'], 0.4],
  ['Nonresidential Building Construction', 'construction', ['236220', '236210'], 0.3],
  ['Specialty Trade Contractors', 'construction', ['238210', '238220', '238160', '238320'], 0.4],
  ['Retail', 'retail', ['455219', '455110', '459999'], 4],
  ['Retail Apparel and Fashion', 'retail', ['458110', '458210'], 1],
  ['Retail Groceries', 'retail', ['445110', '445131'], 0.4],
  ['Retail Motor Vehicles', 'retail', ['441110', '441120'], 0.4],
  ['Retail Furniture and Home Furnishings', 'retail', ['449110', '449121'], 0.3],
  ['Retail Luxury Goods and Jewelry', 'retail', ['458310'], 0.3],
  ['Retail Appliances, Electrical, and Electronic Equipment', 'retail', ['449210'], 0.2],
  ['Online and Mail Order Retail', 'retail', ['455219', '458110', '449210'], 0.5],
  ['Retail Pharmacies', 'retail', ['456110'], 0.1],
  ['Wholesale', 'wholesale', ['425120', '424410', '423830', '423690'], 1],
  ['Wholesale Computer Equipment', 'wholesale', ['423430'], 0.1],
  ['Wholesale Drugs and Sundries', 'wholesale', ['424210'], 0.1],
  ['Wholesale Food and Beverage', 'wholesale', ['424410', '424490'], 0.2],
  ['Manufacturing', 'manufacturing', ['332710', '332999', '339999'], 1],
  ['Industrial Machinery Manufacturing', 'manufacturing', ['333120', '333111', '333517', '333922', '333242'], 1.2],
  ['Industrial Automation', 'manufacturing', ['334513', '335314'], 0.4],
  ['Computer Hardware Manufacturing', 'manufacturing', ['334111', '334112', '334118'], 0.3],
  ['Computers and Electronics Manufacturing', 'manufacturing', ['334418', '334419', '334220', '334310'], 0.5],
  ['Semiconductor Manufacturing', 'manufacturing', ['334413'], 0.2],
  ['Motor Vehicle Manufacturing', 'mobility', ['336110', '336120', '336390'], 0.4],
  ['Aviation and Aerospace Component Manufacturing', 'mobility', ['336412', '336413', '336411'], 0.3],
  ['Defense and Space Manufacturing', 'mobility', ['336414', '332994', '336992'], 0.2],
  ['Chemical Manufacturing', 'manufacturing', ['325199', '325998', '325180'], 0.4],
  ['Plastics Manufacturing', 'manufacturing', ['325211', '326199'], 0.2],
  ['Packaging and Containers Manufacturing', 'manufacturing', ['322211', '326160'], 0.2],
  ['Printing Services', 'manufacturing', ['323111', '323113'], 0.3],
  ['Furniture and Home Furnishings Manufacturing', 'manufacturing', ['337121', '337122'], 0.3],
  ['Apparel Manufacturing', 'manufacturing', ['315250', '315210'], 0.3],
  ['Personal Care Product Manufacturing', 'consumer_goods', ['325620', '325611'], 0.3],
  ['Food and Beverage Manufacturing', 'consumer_goods', ['311812', '311421', '311511', '311919'], 1],
  ['Beverage Manufacturing', 'consumer_goods', ['312111', '312140'], 0.2],
  ['Breweries', 'consumer_goods', ['312120'], 0.1],
  ['Wineries', 'consumer_goods', ['312130'], 0.2],
  ['Renewable Energy Equipment Manufacturing', 'energy', ['333611', '335999'], 0.1],
  ['Food and Beverage Services', 'hospitality', ['722513', '722320', '722410', '722515'], 1.5],
  ['Restaurants', 'hospitality', ['722511', '722513'], 3],
  ['Hospitality', 'hospitality', ['721110', '721191', '722511'], 1.5],
  ['Hotels and Motels', 'hospitality', ['721110'], 0.5],
  ['Travel Arrangements', 'hospitality', ['561510', '561520'], 0.5],
  ['Events Services', 'hospitality', ['561920', '711320'], 0.8],
  ['Entertainment Providers', 'hospitality', ['711190', '713990', '711310'], 0.8],
  ['Musicians', 'marketing_media', ['711130'], 0.3],
  ['Spectator Sports', 'hospitality', ['711211', '711212'], 0.3],
  ['Sports Teams and Clubs', 'hospitality', ['711211'], 0.3],
  ['Museums, Historical Sites, and Zoos', 'public_sector', ['712110', '712120', '712130'], 0.2],
  ['Gambling Facilities and Casinos', 'hospitality', ['713210', '721120'], 0.1],
  ['Transportation, Logistics, Supply Chain and Storage', 'logistics', ['488510', '493110', '484121', '492110'], 2],
  ['Truck Transportation', 'logistics', ['484121', '484110', '484220'], 1],
  ['Warehousing and Storage', 'logistics', ['493110', '493120'], 0.4],
  ['Freight and Package Transportation', 'logistics', ['492110', '488510'], 0.5],
  ['Airlines and Aviation', 'logistics', ['481111', '481112', '488190'], 0.3],
  ['Maritime Transportation', 'logistics', ['483111', '488320'], 0.3],
  ['Oil and Gas', 'energy', ['211120', '211130', '213112', '324110'], 0.5],
  ['Mining', 'energy', ['212220', '212230', '212114'], 0.3],
  ['Utilities', 'energy', ['221122', '221210', '221310'], 0.3],
  ['Renewable Energy Power Generation', 'energy', ['221114', '221115', '221111', '221117'], 0.4],
  ['Solar Electric Power Generation', 'energy', ['221114'], 0.2],
  ['Wind Electric Power Generation', 'energy', ['221115'], 0.1],
  ['Environmental Services', 'local_services', ['562910', '541620', '562211'], 0.5],
  ['Waste Collection', 'local_services', ['562111', '562112'], 0.1],
  ['Facilities Services', 'local_services', ['561210', '561720', '561730'], 0.6],
  ['Security and Investigations', 'local_services', ['561612', '561611', '561621'], 0.4],
  ['Telephone Call Centers', 'local_services', ['561422', '561421'], 0.2],
  ['Farming', 'agriculture', ['111110', '111150', '111219', '111998'], 0.6],
  ['Ranching', 'agriculture', ['112111', '112120'], 0.1],
  ['Fisheries', 'agriculture', ['114111', '112511'], 0.1],
  ['Forestry and Logging', 'agriculture', ['113310', '113110'], 0.1],
  ['Government Administration', 'public_sector', ['921110', '921190', '926110'], 0.8],
  ['Armed Forces', 'public_sector', ['928110'], 0.1],
  ['Law Enforcement', 'public_sector', ['922120'], 0.1],
  ['Non-profit Organizations', 'public_sector', ['813319', '813211', '813410'], 3],
  ['Civic and Social Organizations', 'public_sector', ['813410'], 0.5],
  ['Religious Institutions', 'public_sector', ['813110'], 0.5],
  ['Fundraising', 'public_sector', ['813211', '813219'], 0.1],
  ['Vehicle Repair and Maintenance', 'local_services', ['811111', '811121'], 0.3],
  ['Personal Care Services', 'local_services', ['812112', '812111', '812113'], 0.4],
  ['Pet Services', 'local_services', ['812910'], 0.1],
];

function vocabularyOf(label: string): IndustryVocabulary {
  const vocabulary = INDUSTRY_VOCABULARY[label];
  if (vocabulary === undefined) throw new Error(`no vocabulary for the industry ${label}`);
  return vocabulary;
}

export const INDUSTRIES: readonly IndustryDefinition[] = ROWS.map(([label, group, naics, weight]) => ({ label, group, naics, weight, vocabulary: vocabularyOf(label) }));

/** Every industry label the dataset uses. */
export const INDUSTRY_LABELS: readonly string[] = INDUSTRIES.map((industry) => industry.label);
