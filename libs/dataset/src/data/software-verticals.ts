/**
 * The markets software and IT companies build for: a company of a software industry names
 * one of them, its products and its customers ("transport management software for freight
 * forwarders"), so a search for `logistics software` or `hr software` finds the companies a
 * person means. Each market's products say what the software does in the words buyers use,
 * abbreviations included (CRM, HR, EV, B2B).
 */
export interface SoftwareVertical {
  /** The market as a person names it: "logistics". */
  readonly market: string;
  /** What the companies sell to it; "software" is in most of them on purpose. */
  readonly products: readonly string[];
  /** Who buys it. */
  readonly customers: readonly string[];
}

export const SOFTWARE_VERTICALS: readonly SoftwareVertical[] = [
  {
    market: 'logistics',
    products: ['logistics software', 'transport management software', 'warehouse management software', 'fleet tracking', 'route optimization',
      'freight visibility platform', 'shipment tracking'],
    customers: ['logistics companies', 'freight forwarders', 'trucking companies', 'shippers and carriers', 'warehouse operators'],
  },
  {
    market: 'healthcare',
    products: ['healthcare software', 'electronic health records', 'patient scheduling software', 'telehealth platform', 'medical billing software',
      'clinical data management', 'practice management software'],
    customers: ['hospitals', 'clinics', 'medical practices', 'dental practices', 'healthcare providers'],
  },
  {
    market: 'HR',
    products: ['HR software', 'payroll software', 'applicant tracking software', 'human resources management', 'employee onboarding',
      'workforce scheduling', 'performance management software'],
    customers: ['HR teams', 'employers', 'recruiters', 'people teams', 'staffing agencies'],
  },
  {
    market: 'sales',
    products: ['CRM software', 'customer relationship management', 'sales automation', 'CRM integrations', 'lead management',
      'sales pipeline analytics', 'customer support software'],
    customers: ['sales teams', 'B2B companies', 'customer success teams', 'small businesses', 'account managers'],
  },
  {
    market: 'education',
    products: ['education software', 'learning management system', 'online course platform', 'student information system', 'edtech platform',
      'virtual classroom software', 'exam and assessment software'],
    customers: ['schools', 'universities', 'teachers', 'training providers', 'students'],
  },
  {
    market: 'payments',
    products: ['payment processing', 'payments software', 'billing and invoicing software', 'fintech platform', 'fraud detection',
      'expense management software', 'accounting software'],
    customers: ['online merchants', 'banks', 'finance teams', 'fintech companies', 'ecommerce businesses'],
  },
  {
    market: 'real estate',
    products: ['property management software', 'real estate software', 'tenant portal', 'proptech platform', 'lease management software',
      'listing management software'],
    customers: ['landlords', 'property managers', 'real estate agencies', 'real estate brokers', 'building owners'],
  },
  {
    market: 'construction',
    products: ['construction software', 'construction project management software', 'building information modeling', 'field service software',
      'estimating and bidding software'],
    customers: ['general contractors', 'construction companies', 'architects', 'subcontractors', 'engineering firms'],
  },
  {
    market: 'retail',
    products: ['ecommerce platform', 'e-commerce software', 'point of sale software', 'inventory management software', 'retail analytics',
      'B2B ecommerce platform', 'online store builder'],
    customers: ['retailers', 'online stores', 'ecommerce brands', 'wholesalers', 'consumer brands'],
  },
  {
    market: 'hospitality',
    products: ['hotel management software', 'restaurant management software', 'online booking software', 'reservation system',
      'event management software', 'travel booking platform'],
    customers: ['hotels', 'hospitality groups', 'event organizers', 'travel agencies', 'venues'],
  },
  {
    market: 'legal',
    products: ['legal software', 'contract management software', 'practice management for law firms', 'e-discovery', 'legal document automation'],
    customers: ['law firms', 'legal teams', 'lawyers', 'in-house counsel', 'compliance teams'],
  },
  {
    market: 'insurance',
    products: ['insurance software', 'insurtech platform', 'claims management software', 'policy administration software', 'underwriting automation'],
    customers: ['insurers', 'insurance brokers', 'insurance agencies', 'claims teams', 'underwriters'],
  },
  {
    market: 'manufacturing',
    products: ['manufacturing software', 'ERP software', 'manufacturing execution system', 'predictive maintenance', 'quality management software',
      'supply chain software'],
    customers: ['manufacturers', 'factories', 'industrial companies', 'OEMs', 'plant managers'],
  },
  {
    market: 'marketing',
    products: ['marketing automation software', 'email marketing software', 'SEO tools', 'social media management software', 'ad tech platform',
      'customer data platform'],
    customers: ['marketing teams', 'digital marketing agencies', 'ecommerce brands', 'B2B marketers', 'advertisers'],
  },
  {
    market: 'energy',
    products: ['energy management software', 'EV charging software', 'grid analytics', 'solar monitoring software', 'battery storage management',
      'carbon accounting software'],
    customers: ['utilities', 'energy companies', 'EV charging operators', 'solar installers', 'building owners'],
  },
  {
    market: 'agriculture',
    products: ['farm management software', 'agtech platform', 'precision agriculture software', 'crop monitoring', 'livestock tracking'],
    customers: ['farmers', 'growers', 'agribusinesses', 'food producers', 'cooperatives'],
  },
  {
    market: 'automotive',
    products: ['automotive software', 'connected car platform', 'EV fleet management', 'dealership management software', 'vehicle diagnostics software'],
    customers: ['auto dealers', 'automakers', 'fleet operators', 'auto repair shops', 'EV manufacturers'],
  },
  {
    market: 'nonprofit',
    products: ['nonprofit software', 'donor management software', 'fundraising platform', 'volunteer management software', 'grant management software'],
    customers: ['nonprofits', 'charities', 'foundations', 'fundraising teams', 'community organizations'],
  },
  {
    market: 'cybersecurity',
    products: ['security software', 'cloud security platform', 'identity and access management', 'threat detection software', 'compliance automation'],
    customers: ['security teams', 'IT teams', 'enterprises', 'banks', 'government agencies'],
  },
  {
    market: 'data',
    products: ['data analytics platform', 'business intelligence software', 'AI platform', 'machine learning platform', 'data integration software',
      'artificial intelligence tools'],
    customers: ['data teams', 'analysts', 'enterprises', 'product teams', 'data scientists'],
  },
];
