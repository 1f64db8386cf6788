/**
 * Everyday company searches, as a person new to Radar types them into the search box, each
 * with the industries whose companies are what the person means. `npm run bench -- phrases`
 * runs every phrase as a free-text query and checks the answer (search-phrases-benchmark.ts):
 *
 * - it finds at least MIN_MATCHES companies, and
 * - its top 3 (relevance order) are about the phrase: each result's industry is one of the
 *   phrase's industries or, for a result without an industry, its description names it with
 *   a noun of one of them (what the dataset calls a company of that industry: "dental clinic").
 *
 * Industries are LinkedIn labels of the dataset (`INDUSTRIES` of @radar/dataset); a phrase
 * lists every industry a person would accept for it, not only the likeliest one.
 */
export interface SearchPhrase {
  phrase: string;
  industries: readonly string[];
}

export const MIN_MATCHES = 10;

const SOFTWARE = ['Software Development', 'IT System Custom Software Development', 'Data Infrastructure and Analytics', 'Technology, Information and Internet'];
const IT = ['IT Services and IT Consulting', 'IT System Custom Software Development'];
const CARE = ['Hospitals and Health Care', 'Medical Practices'];
const LOGISTICS = ['Transportation, Logistics, Supply Chain and Storage', 'Freight and Package Transportation', 'Truck Transportation', 'Warehousing and Storage', 'Maritime Transportation', 'Airlines and Aviation'];
const ENERGY = ['Renewable Energy Power Generation', 'Solar Electric Power Generation', 'Wind Electric Power Generation', 'Renewable Energy Equipment Manufacturing', 'Utilities'];
const MANUFACTURING = ['Manufacturing', 'Industrial Machinery Manufacturing', 'Plastics Manufacturing', 'Aviation and Aerospace Component Manufacturing', 'Medical Equipment Manufacturing', 'Robotics Engineering', 'Printing Services', 'Design Services', 'Motor Vehicle Manufacturing', 'Industrial Automation'];
const MARKETING = ['Advertising Services', 'Marketing Services', 'Public Relations and Communications Services'];
const EDUCATION = ['E-Learning Providers', 'Professional Training and Coaching', 'Higher Education', 'Education Administration Programs', 'Primary and Secondary Education'];
const LEGAL = ['Law Practice', 'Legal Services'];
const REAL_ESTATE = ['Real Estate', 'Real Estate Agents and Brokers', 'Leasing Non-residential Real Estate'];
const CONSTRUCTION = ['Construction', 'Residential Building Construction', 'Nonresidential Building Construction', 'Specialty Trade Contractors'];
const INVESTMENT = ['Venture Capital and Private Equity Principals', 'Investment Management', 'Holding Companies', 'Investment Banking', 'Capital Markets'];

export const SEARCH_PHRASES: readonly SearchPhrase[] = [
  // Health
  { phrase: 'dental', industries: ['Dentists'] },
  { phrase: 'orthodontist', industries: ['Dentists'] },
  { phrase: 'dental implants', industries: ['Dentists', 'Medical Equipment Manufacturing'] },
  { phrase: 'physical therapy', industries: [...CARE, 'Home Health Care Services', 'Wellness and Fitness Services'] },
  { phrase: 'mental health', industries: ['Mental Health Care', ...CARE, 'Individual and Family Services'] },
  { phrase: 'home care', industries: ['Home Health Care Services', 'Nursing Homes and Residential Care Facilities', 'Individual and Family Services'] },
  { phrase: 'nursing home', industries: ['Nursing Homes and Residential Care Facilities'] },
  { phrase: 'veterinary clinic', industries: ['Veterinary Services'] },
  { phrase: 'telehealth', industries: [...CARE, 'Mental Health Care', ...SOFTWARE] },
  { phrase: 'urgent care', industries: CARE },
  { phrase: 'pharmacy', industries: ['Retail Pharmacies', 'Wholesale Drugs and Sundries'] },
  { phrase: 'clinical trials', industries: ['Biotechnology Research', 'Pharmaceutical Manufacturing', 'Research Services', 'Medical and Diagnostic Laboratories'] },
  { phrase: 'drug discovery', industries: ['Biotechnology Research', 'Pharmaceutical Manufacturing', 'Research Services'] },
  { phrase: 'medical devices', industries: ['Medical Equipment Manufacturing', 'Wholesale Drugs and Sundries'] },
  { phrase: 'diagnostic laboratory', industries: ['Medical and Diagnostic Laboratories'] },
  { phrase: 'daycare', industries: ['Child Day Care Services'] },
  // Technology
  { phrase: 'artificial intelligence', industries: [...SOFTWARE, ...IT, 'Robotics Engineering', 'Semiconductor Manufacturing', 'Biotechnology Research'] },
  { phrase: 'machine learning', industries: [...SOFTWARE, ...IT, 'Robotics Engineering'] },
  { phrase: 'crm software', industries: [...SOFTWARE, ...IT] },
  { phrase: 'logistics software', industries: [...SOFTWARE, ...IT] },
  { phrase: 'hr software', industries: [...SOFTWARE, ...IT] },
  { phrase: 'healthcare software', industries: [...SOFTWARE, ...IT] },
  { phrase: 'saas', industries: [...SOFTWARE, ...IT] },
  { phrase: 'cloud security', industries: ['Computer and Network Security', ...IT, ...SOFTWARE] },
  { phrase: 'penetration testing', industries: ['Computer and Network Security', ...IT] },
  { phrase: 'IT outsourcing', industries: [...IT, 'Business Consulting and Services', 'Telephone Call Centers'] },
  { phrase: 'IT support', industries: [...IT, 'Telephone Call Centers'] },
  { phrase: 'erp', industries: [...IT, ...SOFTWARE] },
  { phrase: 'podcast', industries: ['Online Audio and Video Media', 'Media Production', 'Broadcast Media Production and Distribution'] },
  { phrase: 'data analytics', industries: [...SOFTWARE, ...IT, 'Market Research', 'Business Consulting and Services'] },
  { phrase: 'mobile app development', industries: [...SOFTWARE, ...IT, 'Design Services'] },
  { phrase: 'ecommerce platform', industries: [...SOFTWARE, ...IT, 'Internet Marketplace Platforms', 'Online and Mail Order Retail', 'Retail'] },
  { phrase: 'online marketplace', industries: ['Internet Marketplace Platforms', 'Technology, Information and Internet', 'Online and Mail Order Retail'] },
  { phrase: 'video games', industries: ['Computer Games'] },
  { phrase: 'blockchain', industries: ['Blockchain Services', 'Financial Services', ...SOFTWARE] },
  { phrase: 'fiber broadband', industries: ['Telecommunications', 'Wireless Services'] },
  { phrase: 'semiconductor', industries: ['Semiconductor Manufacturing', 'Computers and Electronics Manufacturing', 'Computer Hardware Manufacturing'] },
  // Finance, insurance, real estate, law
  { phrase: 'fintech', industries: ['Financial Services', 'Banking', 'Blockchain Services', 'Loan Brokers', ...SOFTWARE] },
  { phrase: 'payment processing', industries: ['Financial Services', 'Banking', 'Blockchain Services', ...SOFTWARE] },
  { phrase: 'insurance broker', industries: ['Insurance'] },
  { phrase: 'life insurance', industries: ['Insurance'] },
  { phrase: 'credit union', industries: ['Banking', 'Financial Services'] },
  { phrase: 'mortgage broker', industries: ['Loan Brokers', 'Financial Services', 'Banking', 'Real Estate Agents and Brokers'] },
  { phrase: 'wealth management', industries: ['Investment Management', 'Financial Services', 'Banking'] },
  { phrase: 'private equity', industries: INVESTMENT },
  { phrase: 'real estate agency', industries: REAL_ESTATE },
  { phrase: 'property management', industries: [...REAL_ESTATE, 'Facilities Services', ...SOFTWARE] },
  { phrase: 'accounting firm', industries: ['Accounting'] },
  { phrase: 'tax advisory', industries: ['Accounting', 'Business Consulting and Services', ...LEGAL, 'Financial Services'] },
  { phrase: 'law firm', industries: LEGAL },
  { phrase: 'employment lawyer', industries: LEGAL },
  { phrase: 'immigration lawyer', industries: LEGAL },
  // Business services
  { phrase: 'management consulting', industries: ['Business Consulting and Services'] },
  { phrase: 'recruitment agency', industries: ['Staffing and Recruiting', 'Human Resources Services'] },
  { phrase: 'staffing agency', industries: ['Staffing and Recruiting', 'Human Resources Services'] },
  { phrase: 'payroll services', industries: ['Human Resources Services', 'Accounting', 'Staffing and Recruiting', 'Financial Services'] },
  { phrase: 'digital marketing agency', industries: MARKETING },
  { phrase: 'seo', industries: [...MARKETING, 'Design Services'] },
  { phrase: 'web design', industries: ['Design Services', ...MARKETING, ...IT] },
  { phrase: 'market research', industries: ['Market Research', 'Marketing Services', 'Business Consulting and Services', 'Research Services'] },
  { phrase: 'video production', industries: ['Media Production', 'Movies, Videos and Sound', 'Broadcast Media Production and Distribution', ...MARKETING] },
  { phrase: 'wedding photographer', industries: ['Photography'] },
  { phrase: 'translation services', industries: ['Translation and Localization'] },
  { phrase: 'call center', industries: ['Telephone Call Centers'] },
  { phrase: 'commercial cleaning', industries: ['Facilities Services'] },
  { phrase: 'security guards', industries: ['Security and Investigations'] },
  { phrase: 'waste management', industries: ['Waste Collection', 'Environmental Services'] },
  // Education
  // Platforms that host online courses are what some people mean too.
  { phrase: 'online courses', industries: [...EDUCATION, ...SOFTWARE] },
  { phrase: 'language school', industries: EDUCATION },
  { phrase: 'corporate training', industries: [...EDUCATION, 'Human Resources Services'] },
  { phrase: 'tutoring', industries: EDUCATION },
  // Construction, manufacturing, energy
  { phrase: 'general contractor', industries: CONSTRUCTION },
  { phrase: 'architecture firm', industries: ['Architecture and Planning', 'Engineering Services', 'Civil Engineering'] },
  { phrase: 'roofing', industries: CONSTRUCTION },
  { phrase: 'plumbing', industries: CONSTRUCTION },
  { phrase: 'electrician', industries: CONSTRUCTION },
  { phrase: 'interior design', industries: ['Design Services', 'Architecture and Planning', 'Retail Furniture and Home Furnishings', 'Furniture and Home Furnishings Manufacturing'] },
  { phrase: '3d printing', industries: MANUFACTURING },
  { phrase: 'cnc machining', industries: MANUFACTURING },
  { phrase: 'industrial automation', industries: ['Industrial Automation', 'Industrial Machinery Manufacturing', 'Robotics Engineering', 'Manufacturing'] },
  { phrase: 'packaging', industries: ['Packaging and Containers Manufacturing', 'Printing Services', 'Plastics Manufacturing', 'Industrial Machinery Manufacturing', 'Wholesale'] },
  { phrase: 'electric vehicles', industries: ['Motor Vehicle Manufacturing', 'Retail Motor Vehicles', 'Renewable Energy Equipment Manufacturing', 'Vehicle Repair and Maintenance'] },
  { phrase: 'battery storage', industries: ENERGY },
  { phrase: 'solar panels', industries: [...ENERGY, 'Specialty Trade Contractors'] },
  { phrase: 'wind energy', industries: ENERGY },
  { phrase: 'oil and gas', industries: ['Oil and Gas', 'Mining'] },
  // Logistics
  { phrase: 'freight forwarding', industries: LOGISTICS },
  { phrase: 'trucking company', industries: LOGISTICS },
  { phrase: 'cold storage', industries: [...LOGISTICS, 'Wholesale Food and Beverage'] },
  // Hospitality, food, retail, local services
  { phrase: 'restaurant', industries: ['Restaurants', 'Food and Beverage Services', 'Hospitality', 'Hotels and Motels'] },
  { phrase: 'catering', industries: ['Food and Beverage Services', 'Events Services', 'Restaurants', 'Hospitality'] },
  { phrase: 'hotel', industries: ['Hotels and Motels', 'Hospitality', 'Gambling Facilities and Casinos'] },
  { phrase: 'travel agency', industries: ['Travel Arrangements'] },
  { phrase: 'event planning', industries: ['Events Services', 'Hospitality', 'Entertainment Providers'] },
  { phrase: 'craft brewery', industries: ['Breweries', 'Beverage Manufacturing'] },
  { phrase: 'winery', industries: ['Wineries', 'Beverage Manufacturing'] },
  { phrase: 'car dealership', industries: ['Retail Motor Vehicles'] },
  { phrase: 'auto repair', industries: ['Vehicle Repair and Maintenance'] },
  { phrase: 'furniture store', industries: ['Retail Furniture and Home Furnishings', 'Furniture and Home Furnishings Manufacturing'] },
  { phrase: 'jewelry', industries: ['Retail Luxury Goods and Jewelry'] },
  { phrase: 'grocery delivery', industries: ['Retail Groceries', 'Online and Mail Order Retail', 'Food and Beverage Services'] },
  { phrase: 'hair salon', industries: ['Personal Care Services'] },
  { phrase: 'pet grooming', industries: ['Pet Services', 'Veterinary Services'] },
  { phrase: 'gym', industries: ['Wellness and Fitness Services'] },
  { phrase: 'pest control', industries: ['Facilities Services'] },
  { phrase: 'bakery', industries: ['Food and Beverage Manufacturing', 'Food and Beverage Services', 'Retail Groceries', 'Restaurants'] },
  { phrase: 'coffee shop', industries: ['Food and Beverage Services', 'Restaurants'] },
  { phrase: 'organic farm', industries: ['Farming', 'Ranching', 'Fisheries'] },
  // Public sector and nonprofits
  { phrase: 'nonprofit', industries: ['Non-profit Organizations', 'Civic and Social Organizations', 'Fundraising', 'Individual and Family Services', 'Religious Institutions', 'Museums, Historical Sites, and Zoos'] },
  { phrase: 'museum', industries: ['Museums, Historical Sites, and Zoos'] },
];
