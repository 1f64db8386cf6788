/**
 * What the companies of each industry call themselves, sell and serve, in the words people
 * search for them with: Dentists talk about dental care, orthodontics and implants, Insurance
 * about brokers, policies and claims. A description is drawn from its industry's vocabulary
 * (description.ts), so every phrase here occurs verbatim in a share of that industry's
 * companies, common abbreviations and spellings included (AI, CRM, HR, EV, 3D, B2B, SaaS,
 * e-commerce and ecommerce).
 */
export interface IndustryVocabulary {
  /** What a company of the industry is: "dental practice" (the description's first sentence). */
  readonly nouns: readonly string[];
  /** Products, services and specialties; a description carries three or four of them verbatim. */
  readonly offerings: readonly string[];
  /** Who it serves: customer types and markets. */
  readonly customers: readonly string[];
  /**
   * Software and IT industries: the share of companies that serve one market of
   * ./software-verticals and say so ("logistics software for freight forwarders").
   */
  readonly verticalShare: number;
}

type Words = readonly string[];

const vocabulary = (nouns: Words, offerings: Words, customers: Words, verticalShare = 0): IndustryVocabulary => ({ nouns, offerings, customers, verticalShare });

/** Keyed by industry label (./industries); every label has an entry (checked by the tests). */
export const INDUSTRY_VOCABULARY: Readonly<Record<string, IndustryVocabulary>> = {
  // Technology
  'Software Development': vocabulary(
    ['software company', 'SaaS company', 'B2B software company', 'software startup'],
    ['SaaS platform', 'cloud software', 'AI-powered analytics', 'artificial intelligence', 'machine learning', 'API integrations', 'workflow automation',
      'mobile app development', 'developer tools', 'generative AI', 'data analytics', 'cloud infrastructure', 'low-code development'],
    ['enterprise teams', 'mid-market companies', 'small businesses', 'B2B companies', 'product teams'],
    0.75,
  ),
  'IT Services and IT Consulting': vocabulary(
    ['IT services company', 'IT consulting firm', 'managed service provider', 'information technology consultancy'],
    ['IT outsourcing', 'managed IT services', 'information technology consulting', 'cloud migration', 'IT support', 'help desk support',
      'network infrastructure', 'cybersecurity services', 'ERP implementation', 'Salesforce implementation', 'digital transformation',
      'data engineering', 'DevOps consulting'],
    ['enterprises', 'mid-sized businesses', 'public sector agencies', 'healthcare providers', 'financial institutions', 'manufacturers'],
    0.4,
  ),
  'Technology, Information and Internet': vocabulary(
    ['internet company', 'technology company', 'online platform'],
    ['online marketplace', 'mobile apps', 'digital media', 'subscription platform', 'social network', 'recommendation engine', 'machine learning',
      'e-commerce platform', 'data centers', 'cloud hosting', 'AI assistants', 'online community'],
    ['consumers', 'creators', 'advertisers', 'small businesses', 'online sellers'],
    0.3,
  ),
  'IT System Custom Software Development': vocabulary(
    ['custom software development company', 'software development agency', 'software house'],
    ['custom software development', 'web application development', 'mobile app development', 'IT outsourcing', 'nearshore development teams',
      'legacy system modernization', 'API development', 'AI integration', 'quality assurance and testing', 'UX design'],
    ['startups', 'enterprises', 'scale-ups', 'product companies', 'public sector agencies'],
    0.6,
  ),
  'Data Infrastructure and Analytics': vocabulary(
    ['data analytics company', 'data infrastructure company', 'analytics software company'],
    ['data analytics', 'business intelligence', 'data warehousing', 'data pipelines', 'machine learning', 'artificial intelligence', 'big data',
      'real-time analytics', 'data governance', 'predictive analytics', 'AI models'],
    ['data teams', 'analysts', 'enterprises', 'data scientists', 'finance teams'],
    0.5,
  ),
  'Computer and Network Security': vocabulary(
    ['cybersecurity company', 'security software company', 'managed security provider'],
    ['cybersecurity', 'cloud security', 'penetration testing', 'threat detection', 'identity and access management', 'zero trust security',
      'endpoint protection', 'security operations center', 'incident response', 'network security', 'compliance automation', 'vulnerability management'],
    ['security teams', 'enterprises', 'banks', 'government agencies', 'healthcare organizations', 'IT teams'],
    0.15,
  ),
  'Blockchain Services': vocabulary(
    ['blockchain company', 'crypto company', 'web3 startup'],
    ['blockchain', 'cryptocurrency payments', 'digital assets', 'crypto custody', 'smart contracts', 'tokenization', 'decentralized finance',
      'crypto exchange', 'blockchain analytics'],
    ['fintech companies', 'investors', 'banks', 'developers', 'online merchants'],
  ),
  'Internet Marketplace Platforms': vocabulary(
    ['online marketplace', 'marketplace platform', 'B2B marketplace'],
    ['online marketplace', 'B2B marketplace', 'ecommerce marketplace', 'peer-to-peer rentals', 'secondhand goods', 'freelance marketplace',
      'food delivery', 'booking platform', 'seller tools'],
    ['independent sellers', 'buyers', 'small businesses', 'freelancers', 'local shops'],
  ),
  'Online Audio and Video Media': vocabulary(
    ['streaming company', 'digital media company', 'podcast network'],
    ['video streaming', 'music streaming', 'podcasts', 'on-demand video', 'live streaming', 'audiobooks', 'creator content', 'online radio'],
    ['listeners', 'viewers', 'creators', 'advertisers', 'subscribers'],
  ),
  'Computer Games': vocabulary(
    ['video game studio', 'game developer', 'game publisher'],
    ['video games', 'mobile games', 'PC and console games', 'game development', 'multiplayer games', 'indie games', 'game art', 'esports',
      'virtual reality games'],
    ['gamers', 'players', 'publishers', 'esports fans', 'families'],
  ),
  Telecommunications: vocabulary(
    ['telecommunications company', 'telecom operator', 'internet service provider'],
    ['fiber broadband', 'internet access', '5G networks', 'VoIP phone systems', 'unified communications', 'network infrastructure',
      'data centers', 'business phone service', 'satellite connectivity', 'IoT connectivity'],
    ['households', 'businesses', 'mobile subscribers', 'carriers', 'rural communities'],
  ),
  'Wireless Services': vocabulary(
    ['wireless carrier', 'mobile network operator', 'wireless services provider'],
    ['mobile plans', '5G networks', 'wireless broadband', 'IoT connectivity', 'cell tower infrastructure', 'eSIM services', 'fixed wireless access'],
    ['mobile subscribers', 'businesses', 'households', 'device makers', 'rural communities'],
  ),
  // Professional services
  'Business Consulting and Services': vocabulary(
    ['management consulting firm', 'business consultancy', 'consulting firm'],
    ['management consulting', 'strategy consulting', 'operations consulting', 'business process outsourcing', 'change management',
      'digital transformation', 'supply chain consulting', 'mergers and acquisitions', 'market entry strategy', 'cost reduction',
      'sustainability consulting', 'tax advisory', 'project management'],
    ['growing companies', 'enterprises', 'family businesses', 'private equity firms', 'public sector clients', 'startups'],
  ),
  'Advertising Services': vocabulary(
    ['advertising agency', 'digital marketing agency', 'creative agency', 'media agency'],
    ['digital marketing', 'advertising campaigns', 'search engine optimization', 'SEO', 'social media marketing', 'pay-per-click advertising',
      'brand strategy', 'media buying', 'content marketing', 'video advertising', 'web design', 'B2B marketing'],
    ['consumer brands', 'B2B companies', 'startups', 'retailers', 'local businesses'],
  ),
  'Marketing Services': vocabulary(
    ['marketing agency', 'digital marketing agency', 'marketing consultancy'],
    ['digital marketing', 'content marketing', 'email marketing', 'SEO', 'marketing automation', 'influencer marketing', 'lead generation',
      'B2B marketing', 'social media management', 'web design', 'growth marketing'],
    ['B2B companies', 'ecommerce brands', 'startups', 'small businesses', 'nonprofits'],
  ),
  'Public Relations and Communications Services': vocabulary(
    ['public relations agency', 'PR agency', 'communications agency'],
    ['public relations', 'media relations', 'crisis communications', 'corporate communications', 'press releases', 'thought leadership',
      'reputation management', 'investor relations', 'internal communications'],
    ['corporate clients', 'startups', 'nonprofits', 'public figures', 'technology companies'],
  ),
  'Market Research': vocabulary(
    ['market research firm', 'research and insights agency', 'market research company'],
    ['market research', 'consumer surveys', 'focus groups', 'customer insights', 'competitive analysis', 'brand tracking', 'data analytics',
      'user research', 'market sizing'],
    ['consumer brands', 'retailers', 'agencies', 'healthcare companies', 'technology companies'],
  ),
  'Design Services': vocabulary(
    ['design studio', 'design agency', 'creative studio'],
    ['graphic design', 'brand identity', 'web design', 'interior design', 'UX design', 'packaging design', 'product design', '3D rendering',
      'logo design', 'exhibition design'],
    ['startups', 'consumer brands', 'architects', 'retailers', 'homeowners'],
  ),
  Photography: vocabulary(
    ['photography studio', 'photographer', 'photo studio'],
    ['wedding photography', 'portrait photography', 'product photography', 'commercial photography', 'event photography', 'drone photography',
      'headshots', 'photo editing', 'real estate photography'],
    ['couples', 'families', 'brands', 'real estate agents', 'event organizers'],
  ),
  'Media Production': vocabulary(
    ['video production company', 'media production company', 'production studio'],
    ['video production', 'corporate videos', 'commercials', 'animation', 'post-production', 'documentary production', 'podcast production',
      'live event streaming', 'motion graphics'],
    ['brands', 'agencies', 'broadcasters', 'nonprofits', 'corporate clients'],
  ),
  'Movies, Videos and Sound': vocabulary(
    ['film production company', 'film studio', 'sound studio'],
    ['film production', 'feature films', 'documentaries', 'sound design', 'music recording', 'visual effects', 'film distribution',
      'video production', 'audio post-production'],
    ['streaming platforms', 'broadcasters', 'independent filmmakers', 'musicians', 'advertisers'],
  ),
  'Broadcast Media Production and Distribution': vocabulary(
    ['broadcaster', 'television network', 'radio station'],
    ['television broadcasting', 'radio broadcasting', 'news programming', 'live sports coverage', 'TV production', 'content distribution',
      'streaming channels', 'advertising sales'],
    ['viewers', 'listeners', 'advertisers', 'local communities', 'streaming platforms'],
  ),
  'Book and Periodical Publishing': vocabulary(
    ['book publisher', 'publishing house', 'magazine publisher'],
    ['book publishing', 'magazines', 'ebooks', 'audiobooks', 'academic publishing', 'children\'s books', 'trade journals', 'editorial services',
      'self-publishing services'],
    ['readers', 'authors', 'libraries', 'schools', 'bookstores'],
  ),
  'Newspaper Publishing': vocabulary(
    ['newspaper publisher', 'news organization', 'local newspaper'],
    ['local news', 'investigative journalism', 'digital news subscriptions', 'print newspapers', 'news website', 'newsletters', 'advertising sales'],
    ['readers', 'subscribers', 'local communities', 'advertisers', 'local businesses'],
  ),
  'Translation and Localization': vocabulary(
    ['translation agency', 'localization company', 'language services provider'],
    ['translation services', 'localization', 'interpreting', 'document translation', 'legal translation', 'medical translation',
      'software localization', 'subtitling', 'machine translation'],
    ['law firms', 'software companies', 'healthcare organizations', 'publishers', 'global brands'],
  ),
  'Legal Services': vocabulary(
    ['legal services firm', 'law firm', 'legal consultancy'],
    ['legal advice', 'contract review', 'employment law', 'immigration law', 'intellectual property', 'regulatory compliance', 'notary services',
      'legal document preparation', 'litigation support', 'family law'],
    ['individuals', 'small businesses', 'employers', 'startups', 'families'],
  ),
  'Law Practice': vocabulary(
    ['law firm', 'law practice', 'firm of lawyers', 'firm of attorneys'],
    ['corporate law', 'employment law', 'litigation', 'real estate law', 'family law', 'personal injury law', 'criminal defense', 'estate planning',
      'intellectual property law', 'tax law', 'immigration law', 'mergers and acquisitions'],
    ['businesses', 'individuals', 'families', 'employers', 'startups', 'insurers'],
  ),
  Accounting: vocabulary(
    ['accounting firm', 'accountancy practice', 'firm of chartered accountants', 'CPA firm'],
    ['accounting services', 'bookkeeping', 'tax preparation', 'tax advisory', 'audit and assurance', 'payroll services', 'financial statements',
      'outsourced CFO services', 'business advisory', 'VAT returns', 'forensic accounting'],
    ['small businesses', 'startups', 'family businesses', 'nonprofits', 'individuals', 'freelancers'],
  ),
  'Research Services': vocabulary(
    ['research firm', 'contract research organization', 'research institute'],
    ['contract research', 'clinical trials', 'laboratory testing', 'policy research', 'economic research', 'data analysis', 'scientific consulting',
      'survey research', 'product testing'],
    ['pharmaceutical companies', 'government agencies', 'universities', 'manufacturers', 'foundations'],
  ),
  'Think Tanks': vocabulary(
    ['think tank', 'policy institute', 'research institute'],
    ['policy research', 'economic policy', 'public policy analysis', 'foreign policy', 'climate policy', 'publications and reports', 'policy briefings'],
    ['policymakers', 'governments', 'journalists', 'foundations', 'the public'],
  ),
  'Holding Companies': vocabulary(
    ['holding company', 'investment holding company', 'family holding'],
    ['portfolio companies', 'long-term investments', 'business acquisitions', 'real estate holdings', 'corporate governance', 'shared services',
      'family office services'],
    ['subsidiaries', 'shareholders', 'family owners', 'portfolio companies', 'partners'],
  ),
  // Architecture, engineering, construction
  'Architecture and Planning': vocabulary(
    ['architecture firm', 'architectural practice', 'planning consultancy'],
    ['architectural design', 'urban planning', 'interior architecture', 'sustainable design', 'residential architecture', 'landscape architecture',
      'building information modeling', 'master planning', 'interior design', 'heritage restoration'],
    ['property developers', 'homeowners', 'public agencies', 'commercial clients', 'schools and hospitals'],
  ),
  'Civil Engineering': vocabulary(
    ['civil engineering firm', 'engineering consultancy', 'infrastructure engineering company'],
    ['civil engineering', 'structural engineering', 'road construction', 'bridge design', 'water infrastructure', 'geotechnical engineering',
      'transportation engineering', 'land surveying', 'stormwater management'],
    ['municipalities', 'public agencies', 'property developers', 'contractors', 'utilities'],
  ),
  'Engineering Services': vocabulary(
    ['engineering firm', 'engineering consultancy', 'engineering services company'],
    ['mechanical engineering', 'electrical engineering', 'structural engineering', 'MEP engineering', 'product development', 'engineering design',
      'environmental consulting', 'energy audits', 'CAD drafting', 'prototyping'],
    ['manufacturers', 'contractors', 'property developers', 'utilities', 'industrial clients'],
  ),
  // Life sciences and research
  'Biotechnology Research': vocabulary(
    ['biotech company', 'biotechnology company', 'life sciences company'],
    ['drug discovery', 'clinical trials', 'gene therapy', 'cell therapy', 'antibody development', 'precision medicine', 'genomics', 'biologics',
      'oncology research', 'AI drug discovery', 'vaccine development'],
    ['patients', 'pharmaceutical partners', 'hospitals', 'research labs', 'clinicians'],
  ),
  'Nanotechnology Research': vocabulary(
    ['nanotechnology company', 'advanced materials company', 'research lab'],
    ['nanomaterials', 'nanotechnology research', 'thin-film coatings', 'advanced materials', 'nanoparticles', 'battery materials', 'sensors'],
    ['manufacturers', 'research labs', 'semiconductor companies', 'medical device makers', 'universities'],
  ),
  'Space Research and Technology': vocabulary(
    ['space technology company', 'aerospace startup', 'satellite company'],
    ['satellites', 'launch services', 'earth observation', 'satellite communications', 'space exploration', 'spacecraft components', 'aerospace engineering'],
    ['space agencies', 'defense agencies', 'telecom operators', 'researchers', 'governments'],
  ),
  'Robotics Engineering': vocabulary(
    ['robotics company', 'robotics engineering firm', 'automation startup'],
    ['robotics', 'industrial robots', 'warehouse robotics', 'autonomous mobile robots', 'robotic automation', 'machine vision', 'AI robotics',
      'collaborative robots', 'drones'],
    ['manufacturers', 'warehouses', 'logistics companies', 'hospitals', 'farms'],
  ),
  // People
  'Staffing and Recruiting': vocabulary(
    ['recruitment agency', 'staffing agency', 'recruiting firm', 'executive search firm'],
    ['recruitment', 'staffing services', 'temporary staffing', 'executive search', 'IT recruitment', 'healthcare staffing', 'permanent placement',
      'recruitment process outsourcing', 'talent acquisition', 'contract staffing', 'headhunting'],
    ['employers', 'job seekers', 'hiring managers', 'HR teams', 'hospitals', 'technology companies'],
  ),
  'Human Resources Services': vocabulary(
    ['HR services company', 'human resources consultancy', 'HR outsourcing firm'],
    ['HR consulting', 'human resources outsourcing', 'payroll services', 'HR outsourcing', 'employee benefits administration', 'HR compliance',
      'employer of record services', 'training and development', 'employee engagement', 'workforce management'],
    ['employers', 'small businesses', 'HR leaders', 'startups', 'mid-sized companies'],
  ),
  // Education
  'Professional Training and Coaching': vocabulary(
    ['training company', 'coaching firm', 'language school', 'professional training provider'],
    ['corporate training', 'leadership coaching', 'executive coaching', 'language courses', 'sales training', 'professional development',
      'online courses', 'certification courses', 'soft skills training', 'language school', 'team workshops'],
    ['working professionals', 'employers', 'managers', 'HR teams', 'job seekers'],
  ),
  'E-Learning Providers': vocabulary(
    ['e-learning company', 'online learning platform', 'edtech company', 'online language school'],
    ['online courses', 'e-learning', 'learning management system', 'online tutoring', 'language learning', 'edtech', 'video lessons',
      'online degrees', 'coding bootcamps', 'exam preparation', 'microlearning'],
    ['students', 'working professionals', 'schools', 'employers', 'teachers'],
  ),
  'Higher Education': vocabulary(
    ['university', 'college', 'business school'],
    ['undergraduate programs', 'graduate degrees', 'MBA programs', 'research', 'online degrees', 'continuing education', 'engineering programs',
      'international students', 'executive education'],
    ['students', 'researchers', 'working professionals', 'international students', 'employers'],
  ),
  'Primary and Secondary Education': vocabulary(
    ['school', 'private school', 'international school', 'charter school'],
    ['primary education', 'secondary education', 'STEM education', 'tutoring', 'bilingual education', 'after-school programs', 'special education',
      'college preparation', 'early childhood education'],
    ['students', 'parents', 'families', 'teachers', 'local communities'],
  ),
  'Education Administration Programs': vocabulary(
    ['education services organization', 'tutoring center', 'education provider'],
    ['tutoring', 'exam preparation', 'curriculum design', 'teacher training', 'language courses', 'student services', 'education consulting',
      'school management', 'study abroad programs'],
    ['schools', 'students', 'school districts', 'teachers', 'parents'],
  ),
  // Health
  'Hospitals and Health Care': vocabulary(
    ['healthcare provider', 'hospital', 'health system', 'medical center'],
    ['patient care', 'emergency care', 'primary care', 'telehealth', 'diagnostic imaging', 'surgery', 'physical therapy', 'mental health services',
      'maternity care', 'cardiology', 'oncology', 'rehabilitation'],
    ['patients', 'families', 'seniors', 'local communities', 'employers'],
  ),
  'Medical Practices': vocabulary(
    ['medical practice', 'medical clinic', 'physician group', 'family practice'],
    ['primary care', 'family medicine', 'pediatrics', 'dermatology', 'physical therapy', 'telehealth', 'urgent care', 'physiotherapy',
      'women\'s health', 'sports medicine', 'preventive care'],
    ['patients', 'families', 'children', 'seniors', 'athletes'],
  ),
  'Mental Health Care': vocabulary(
    ['mental health clinic', 'counseling practice', 'behavioral health provider'],
    ['mental health', 'therapy and counseling', 'psychotherapy', 'addiction treatment', 'behavioral health', 'psychiatry', 'online therapy',
      'telehealth', 'couples counseling', 'anxiety and depression treatment'],
    ['adults', 'teenagers', 'families', 'veterans', 'employers'],
  ),
  'Home Health Care Services': vocabulary(
    ['home care agency', 'home health care provider', 'home care provider'],
    ['home care', 'home health care', 'elderly care', 'senior care', 'in-home medical care', 'personal care assistance', 'physical therapy',
      'palliative care', 'respite care', 'dementia care'],
    ['seniors', 'families', 'people with disabilities', 'patients', 'caregivers'],
  ),
  Dentists: vocabulary(
    ['dental practice', 'dental clinic', 'dentist', 'family dentistry practice', 'orthodontic practice'],
    ['dental care', 'orthodontics', 'dental implants', 'cosmetic dentistry', 'teeth whitening', 'pediatric dentistry', 'oral surgery',
      'root canal treatment', 'clear aligners', 'emergency dental care', 'dental hygiene', 'orthodontist services'],
    ['patients', 'families', 'children', 'adults', 'seniors'],
  ),
  'Veterinary Services': vocabulary(
    ['veterinary clinic', 'animal hospital', 'veterinary practice'],
    ['veterinary care', 'pet vaccinations', 'animal surgery', 'pet dental care', 'emergency veterinary care', 'equine veterinary services',
      'pet wellness exams', 'spaying and neutering'],
    ['pet owners', 'dog and cat owners', 'farmers', 'horse owners', 'animal shelters'],
  ),
  'Nursing Homes and Residential Care Facilities': vocabulary(
    ['nursing home', 'assisted living community', 'care home', 'residential care facility'],
    ['assisted living', 'elderly care', 'memory care', 'skilled nursing', 'dementia care', 'long-term care', 'respite care', 'senior living',
      'rehabilitation', 'nursing home care'],
    ['seniors', 'families', 'residents', 'people with disabilities', 'patients'],
  ),
  'Child Day Care Services': vocabulary(
    ['daycare center', 'child care center', 'nursery', 'preschool'],
    ['child care', 'daycare', 'early childhood education', 'preschool programs', 'after-school care', 'infant care', 'summer camps'],
    ['parents', 'families', 'working parents', 'employers', 'toddlers'],
  ),
  'Medical and Diagnostic Laboratories': vocabulary(
    ['diagnostic laboratory', 'medical laboratory', 'clinical lab'],
    ['diagnostic testing', 'blood tests', 'pathology', 'genetic testing', 'laboratory testing', 'PCR testing', 'diagnostic imaging',
      'clinical trials testing', 'drug screening'],
    ['hospitals', 'physicians', 'patients', 'clinics', 'employers'],
  ),
  'Pharmaceutical Manufacturing': vocabulary(
    ['pharmaceutical company', 'drug manufacturer', 'pharma company'],
    ['generic drugs', 'drug development', 'clinical trials', 'drug discovery', 'biologics', 'vaccines', 'contract manufacturing',
      'active pharmaceutical ingredients', 'regulatory affairs', 'over-the-counter medicines'],
    ['patients', 'hospitals', 'pharmacies', 'healthcare providers', 'distributors'],
  ),
  'Medical Equipment Manufacturing': vocabulary(
    ['medical device company', 'medical equipment manufacturer', 'medtech company'],
    ['medical devices', 'surgical instruments', 'diagnostic equipment', 'orthopedic implants', 'patient monitoring', 'dental equipment',
      'wearable health devices', 'imaging systems', 'hospital equipment', '3D printed implants'],
    ['hospitals', 'surgeons', 'clinics', 'dental practices', 'distributors'],
  ),
  // Finance
  'Financial Services': vocabulary(
    ['financial services company', 'fintech company', 'fintech startup', 'financial advisory firm'],
    ['fintech', 'payment processing', 'digital payments', 'lending', 'financial planning', 'wealth management', 'fraud detection', 'open banking',
      'embedded finance', 'expense management', 'credit scoring', 'financial technology', 'bookkeeping services'],
    ['small businesses', 'consumers', 'online merchants', 'banks', 'finance teams', 'investors'],
  ),
  Banking: vocabulary(
    ['bank', 'community bank', 'digital bank', 'credit union'],
    ['retail banking', 'business banking', 'mortgages', 'savings accounts', 'commercial lending', 'digital banking', 'private banking',
      'payment services', 'small business loans', 'wealth management'],
    ['households', 'small businesses', 'corporations', 'farmers', 'local communities'],
  ),
  'Investment Management': vocabulary(
    ['investment management firm', 'asset manager', 'wealth management firm'],
    ['wealth management', 'asset management', 'portfolio management', 'financial planning', 'retirement planning', 'ESG investing', 'fixed income',
      'private wealth', 'family office services'],
    ['high-net-worth individuals', 'institutional investors', 'pension funds', 'families', 'foundations'],
  ),
  'Venture Capital and Private Equity Principals': vocabulary(
    ['venture capital firm', 'private equity firm', 'investment firm'],
    ['venture capital', 'private equity', 'growth equity', 'seed investing', 'buyouts', 'impact investing', 'startup funding', 'portfolio support'],
    ['founders', 'startups', 'institutional investors', 'family offices', 'portfolio companies'],
  ),
  'Capital Markets': vocabulary(
    ['brokerage firm', 'trading firm', 'capital markets firm'],
    ['securities trading', 'market making', 'equity research', 'brokerage services', 'fixed income trading', 'derivatives', 'capital raising'],
    ['institutional investors', 'hedge funds', 'corporations', 'asset managers', 'retail investors'],
  ),
  'Investment Banking': vocabulary(
    ['investment bank', 'corporate finance advisory firm', 'M&A advisory firm'],
    ['mergers and acquisitions', 'M&A advisory', 'capital raising', 'corporate finance', 'IPO advisory', 'debt financing', 'restructuring'],
    ['corporations', 'private equity firms', 'founders', 'family businesses', 'institutional investors'],
  ),
  'Loan Brokers': vocabulary(
    ['mortgage broker', 'loan broker', 'lending advisory firm'],
    ['mortgage brokerage', 'home loans', 'business loans', 'refinancing', 'commercial mortgages', 'auto loans', 'loan comparison', 'mortgage advice'],
    ['home buyers', 'homeowners', 'small businesses', 'property investors', 'first-time buyers'],
  ),
  Insurance: vocabulary(
    ['insurance company', 'insurance broker', 'insurance agency', 'insurtech company'],
    ['insurance brokerage', 'insurance policies', 'claims handling', 'commercial insurance', 'life insurance', 'health insurance', 'auto insurance',
      'home insurance', 'cyber insurance', 'employee benefits', 'underwriting', 'risk management'],
    ['families', 'small businesses', 'employers', 'homeowners', 'drivers', 'policyholders'],
  ),
  // Real estate
  'Real Estate': vocabulary(
    ['real estate company', 'property management company', 'real estate developer'],
    ['property management', 'residential real estate', 'commercial real estate', 'real estate development', 'rental properties', 'property sales',
      'real estate investment', 'facility management', 'student housing', 'vacation rentals'],
    ['tenants', 'home buyers', 'landlords', 'investors', 'businesses'],
  ),
  'Real Estate Agents and Brokers': vocabulary(
    ['real estate agency', 'real estate brokerage', 'realtor', 'estate agency'],
    ['home sales', 'property listings', 'real estate brokerage', 'buyer representation', 'property valuation', 'rental management',
      'commercial real estate', 'luxury homes', 'relocation services'],
    ['home buyers', 'home sellers', 'landlords', 'investors', 'first-time buyers'],
  ),
  'Leasing Non-residential Real Estate': vocabulary(
    ['commercial property company', 'office leasing company', 'commercial landlord'],
    ['office space', 'commercial leasing', 'coworking spaces', 'industrial property', 'retail space', 'property management', 'warehouse leasing'],
    ['businesses', 'retailers', 'startups', 'logistics companies', 'tenants'],
  ),
  'Equipment Rental Services': vocabulary(
    ['equipment rental company', 'rental company', 'equipment hire company'],
    ['equipment rental', 'construction equipment rental', 'machinery hire', 'event equipment rental', 'scaffolding', 'forklift rental', 'tool hire'],
    ['contractors', 'construction companies', 'event organizers', 'manufacturers', 'homeowners'],
  ),
  // Construction
  Construction: vocabulary(
    ['construction company', 'general contractor', 'building contractor'],
    ['general contracting', 'commercial construction', 'residential construction', 'renovation', 'project management', 'design-build',
      'construction management', 'home remodeling', 'infrastructure projects', 'roofing', 'concrete work', 'green building'],
    ['property developers', 'homeowners', 'public agencies', 'commercial clients', 'schools and hospitals'],
  ),
  'Residential Building Construction': vocabulary(
    ['home builder', 'residential construction company', 'general contractor'],
    ['custom homes', 'residential construction', 'home remodeling', 'kitchen remodeling', 'home extensions', 'new home construction',
      'multifamily housing', 'energy-efficient homes'],
    ['homeowners', 'families', 'property developers', 'landlords', 'first-time buyers'],
  ),
  'Nonresidential Building Construction': vocabulary(
    ['commercial construction company', 'general contractor', 'construction firm'],
    ['commercial construction', 'industrial construction', 'warehouse construction', 'office fit-outs', 'design-build', 'construction management',
      'healthcare construction', 'tenant improvements'],
    ['businesses', 'property developers', 'public agencies', 'hospitals', 'retailers'],
  ),
  'Specialty Trade Contractors': vocabulary(
    ['contractor', 'specialty contractor', 'installation company', 'electrical contractor', 'plumbing and heating contractor'],
    ['electrical contracting', 'electrician services', 'plumbing', 'HVAC installation', 'roofing', 'solar panel installation', 'flooring', 'painting and decorating',
      'insulation', 'EV charger installation', 'fire protection systems'],
    ['homeowners', 'general contractors', 'businesses', 'property managers', 'builders'],
  ),
  // Retail
  Retail: vocabulary(
    ['retailer', 'retail chain', 'store', 'online retailer'],
    ['e-commerce', 'ecommerce store', 'online shopping', 'home goods', 'consumer electronics', 'sporting goods', 'gifts', 'private label products',
      'click and collect', 'same-day delivery', 'customer loyalty program'],
    ['shoppers', 'families', 'local customers', 'online shoppers', 'homeowners'],
  ),
  'Retail Apparel and Fashion': vocabulary(
    ['fashion retailer', 'fashion brand', 'clothing store', 'boutique'],
    ['fashion', 'clothing', 'footwear', 'sustainable fashion', 'streetwear', 'accessories', 'online fashion store', 'workwear', 'children\'s clothing'],
    ['fashion lovers', 'shoppers', 'families', 'young adults', 'professionals'],
  ),
  'Retail Groceries': vocabulary(
    ['grocery store', 'supermarket', 'grocer', 'online grocery service'],
    ['groceries', 'fresh produce', 'organic food', 'grocery delivery', 'bakery', 'deli', 'local products', 'meal kits'],
    ['shoppers', 'families', 'local customers', 'restaurants', 'health-conscious shoppers'],
  ),
  'Retail Motor Vehicles': vocabulary(
    ['car dealership', 'auto dealership', 'dealership group'],
    ['new cars', 'used cars', 'electric vehicles', 'car financing', 'car leasing', 'vehicle servicing', 'EV sales', 'motorcycles', 'trade-ins'],
    ['drivers', 'families', 'businesses', 'fleet buyers', 'first-time buyers'],
  ),
  'Retail Furniture and Home Furnishings': vocabulary(
    ['furniture store', 'home furnishings retailer', 'furniture retailer'],
    ['furniture', 'home decor', 'mattresses', 'office furniture', 'kitchens', 'lighting', 'interior design', 'outdoor furniture'],
    ['homeowners', 'families', 'interior designers', 'offices', 'renters'],
  ),
  'Retail Luxury Goods and Jewelry': vocabulary(
    ['jewelry store', 'jeweler', 'luxury retailer'],
    ['jewelry', 'engagement rings', 'watches', 'luxury goods', 'custom jewelry', 'diamonds', 'jewelry repair', 'handbags'],
    ['couples', 'collectors', 'shoppers', 'gift buyers', 'luxury customers'],
  ),
  'Retail Appliances, Electrical, and Electronic Equipment': vocabulary(
    ['electronics retailer', 'appliance store', 'electronics store'],
    ['consumer electronics', 'home appliances', 'smartphones', 'computers', 'smart home devices', 'appliance repair', 'TVs and audio'],
    ['shoppers', 'homeowners', 'families', 'students', 'small businesses'],
  ),
  'Online and Mail Order Retail': vocabulary(
    ['online retailer', 'ecommerce company', 'direct-to-consumer brand', 'online store'],
    ['e-commerce', 'ecommerce', 'online store', 'direct-to-consumer', 'subscription boxes', 'fast delivery', 'marketplace selling', 'dropshipping',
      'online shopping'],
    ['online shoppers', 'consumers', 'families', 'subscribers', 'gift buyers'],
  ),
  'Retail Pharmacies': vocabulary(
    ['pharmacy', 'drugstore', 'pharmacy chain'],
    ['prescription medicines', 'pharmacy services', 'vaccinations', 'health products', 'online pharmacy', 'medication delivery', 'beauty products'],
    ['patients', 'families', 'seniors', 'local customers', 'caregivers'],
  ),
  // Wholesale
  Wholesale: vocabulary(
    ['wholesale distributor', 'wholesaler', 'distribution company', 'trading company'],
    ['wholesale distribution', 'B2B ecommerce', 'import and export', 'industrial supplies', 'private label', 'procurement', 'inventory management',
      'packaging supplies', 'bulk orders'],
    ['retailers', 'resellers', 'manufacturers', 'restaurants', 'contractors'],
  ),
  'Wholesale Computer Equipment': vocabulary(
    ['IT hardware distributor', 'computer equipment wholesaler', 'technology distributor'],
    ['IT hardware', 'computer equipment', 'networking equipment', 'servers and storage', 'laptops', 'refurbished computers', 'B2B ecommerce'],
    ['resellers', 'IT service providers', 'schools', 'businesses', 'system integrators'],
  ),
  'Wholesale Drugs and Sundries': vocabulary(
    ['pharmaceutical wholesaler', 'medical supplies distributor', 'drug distributor'],
    ['pharmaceutical distribution', 'medical supplies', 'dental supplies', 'over-the-counter medicines', 'cold chain logistics', 'health products'],
    ['pharmacies', 'hospitals', 'clinics', 'dental practices', 'care homes'],
  ),
  'Wholesale Food and Beverage': vocabulary(
    ['food distributor', 'food wholesaler', 'beverage distributor'],
    ['food distribution', 'fresh produce', 'frozen food', 'beverage distribution', 'specialty foods', 'food service supplies', 'cold chain logistics',
      'import and export'],
    ['restaurants', 'grocery stores', 'hotels', 'caterers', 'schools'],
  ),
  // Manufacturing
  Manufacturing: vocabulary(
    ['manufacturer', 'manufacturing company', 'contract manufacturer'],
    ['contract manufacturing', 'CNC machining', 'metal fabrication', '3D printing', 'additive manufacturing', 'precision manufacturing', 'injection molding',
      'quality control', 'lean manufacturing', 'product assembly', 'sheet metal', 'prototyping'],
    ['OEMs', 'industrial customers', 'automotive suppliers', 'distributors', 'consumer brands'],
  ),
  'Industrial Machinery Manufacturing': vocabulary(
    ['machinery manufacturer', 'machine builder', 'equipment manufacturer'],
    ['industrial machinery', 'CNC machines', 'packaging machinery', 'agricultural machinery', 'hydraulic systems', 'pumps and compressors',
      '3D printers', 'food processing equipment', 'predictive maintenance', 'conveyor systems'],
    ['manufacturers', 'farms', 'food producers', 'construction companies', 'distributors'],
  ),
  'Industrial Automation': vocabulary(
    ['industrial automation company', 'automation systems integrator', 'automation company'],
    ['industrial automation', 'factory automation', 'PLC programming', 'robotics integration', 'SCADA systems', 'machine vision', 'industrial IoT',
      'motion control', 'predictive maintenance'],
    ['manufacturers', 'factories', 'food producers', 'utilities', 'logistics centers'],
  ),
  'Computer Hardware Manufacturing': vocabulary(
    ['computer hardware manufacturer', 'hardware company', 'electronics maker'],
    ['computer hardware', 'servers', 'laptops', 'storage devices', 'embedded systems', 'rugged computers', 'peripherals', 'data center hardware'],
    ['enterprises', 'data centers', 'consumers', 'resellers', 'OEMs'],
  ),
  'Computers and Electronics Manufacturing': vocabulary(
    ['electronics manufacturer', 'electronics company', 'electronics manufacturing services provider'],
    ['electronics manufacturing', 'printed circuit boards', 'sensors', 'consumer electronics', 'embedded systems', 'IoT devices', 'power electronics',
      'electronic components', 'battery packs'],
    ['OEMs', 'automotive suppliers', 'medical device makers', 'industrial customers', 'consumer brands'],
  ),
  'Semiconductor Manufacturing': vocabulary(
    ['semiconductor company', 'chipmaker', 'semiconductor manufacturer'],
    ['semiconductors', 'microchips', 'chip design', 'wafer fabrication', 'power semiconductors', 'AI chips', 'sensors', 'semiconductor packaging'],
    ['electronics makers', 'automakers', 'data centers', 'device makers', 'OEMs'],
  ),
  'Chemical Manufacturing': vocabulary(
    ['chemical company', 'chemical manufacturer', 'specialty chemicals producer'],
    ['specialty chemicals', 'industrial chemicals', 'coatings', 'adhesives', 'cleaning products', 'polymers', 'agrochemicals', 'chemical distribution'],
    ['manufacturers', 'farmers', 'construction companies', 'automotive suppliers', 'consumer brands'],
  ),
  'Plastics Manufacturing': vocabulary(
    ['plastics manufacturer', 'plastics company', 'molding company'],
    ['injection molding', 'plastic packaging', 'recycled plastics', 'plastic components', 'extrusion', 'bioplastics', '3D printing'],
    ['consumer brands', 'automotive suppliers', 'food producers', 'medical device makers', 'retailers'],
  ),
  'Packaging and Containers Manufacturing': vocabulary(
    ['packaging manufacturer', 'packaging company', 'packaging supplier'],
    ['packaging', 'sustainable packaging', 'corrugated boxes', 'food packaging', 'labels', 'glass containers', 'custom packaging', 'ecommerce packaging'],
    ['food producers', 'consumer brands', 'ecommerce brands', 'retailers', 'breweries'],
  ),
  'Printing Services': vocabulary(
    ['printing company', 'print shop', 'commercial printer'],
    ['commercial printing', 'digital printing', 'large-format printing', 'labels and packaging printing', 'business cards', 'promotional products',
      '3D printing', 'signage'],
    ['businesses', 'agencies', 'publishers', 'event organizers', 'retailers'],
  ),
  'Furniture and Home Furnishings Manufacturing': vocabulary(
    ['furniture manufacturer', 'furniture maker', 'home furnishings company'],
    ['furniture', 'office furniture', 'custom furniture', 'kitchen cabinets', 'upholstery', 'mattresses', 'outdoor furniture', 'interior design'],
    ['retailers', 'hotels', 'offices', 'homeowners', 'interior designers'],
  ),
  'Apparel Manufacturing': vocabulary(
    ['apparel manufacturer', 'clothing manufacturer', 'garment maker'],
    ['clothing manufacturing', 'workwear', 'sportswear', 'sustainable fashion', 'private label clothing', 'textiles', 'uniforms', 'knitwear'],
    ['fashion brands', 'retailers', 'sports teams', 'employers', 'schools'],
  ),
  // Mobility, aerospace and defense
  'Motor Vehicle Manufacturing': vocabulary(
    ['automaker', 'vehicle manufacturer', 'electric vehicle maker', 'auto parts manufacturer'],
    ['electric vehicles', 'EV batteries', 'auto parts', 'commercial vehicles', 'electric buses', 'autonomous driving', 'battery technology',
      'vehicle electronics', 'EV drivetrains', 'motorcycles'],
    ['drivers', 'fleet operators', 'dealer networks', 'automakers', 'public transit agencies'],
  ),
  'Aviation and Aerospace Component Manufacturing': vocabulary(
    ['aerospace manufacturer', 'aerospace components supplier', 'aircraft parts manufacturer'],
    ['aerospace components', 'aircraft parts', 'avionics', 'aircraft interiors', 'precision machining', 'composite structures',
      'aircraft maintenance', '3D printed parts', 'drones'],
    ['airlines', 'aircraft makers', 'defense agencies', 'maintenance providers', 'space agencies'],
  ),
  'Defense and Space Manufacturing': vocabulary(
    ['defense contractor', 'defense manufacturer', 'space systems manufacturer'],
    ['defense systems', 'military vehicles', 'satellites', 'radar systems', 'drones', 'munitions', 'secure communications', 'spacecraft'],
    ['defense agencies', 'armed forces', 'space agencies', 'governments', 'allied militaries'],
  ),
  // Consumer goods
  'Personal Care Product Manufacturing': vocabulary(
    ['cosmetics company', 'beauty brand', 'personal care brand', 'skincare brand'],
    ['skincare', 'cosmetics', 'hair care', 'natural beauty products', 'fragrances', 'clean beauty', 'private label cosmetics', 'skin care products'],
    ['consumers', 'retailers', 'salons', 'pharmacies', 'beauty lovers'],
  ),
  'Food and Beverage Manufacturing': vocabulary(
    ['food manufacturer', 'food company', 'food producer'],
    ['packaged foods', 'plant-based food', 'bakery products', 'snacks', 'dairy products', 'coffee roasting', 'organic food', 'frozen food',
      'food safety', 'private label food', 'confectionery'],
    ['grocery chains', 'restaurants', 'consumers', 'retail partners', 'food service companies'],
  ),
  'Beverage Manufacturing': vocabulary(
    ['beverage company', 'drinks maker', 'beverage brand'],
    ['soft drinks', 'craft spirits', 'bottled water', 'juices', 'energy drinks', 'coffee roasting', 'distillery', 'kombucha', 'craft beverages'],
    ['retailers', 'bars and restaurants', 'consumers', 'distributors', 'grocery chains'],
  ),
  Breweries: vocabulary(
    ['brewery', 'craft brewery', 'brewing company', 'microbrewery'],
    ['craft beer', 'beer brewing', 'taproom', 'brewpub', 'seasonal beers', 'contract brewing', 'non-alcoholic beer'],
    ['beer lovers', 'bars and restaurants', 'retailers', 'distributors', 'local customers'],
  ),
  Wineries: vocabulary(
    ['winery', 'wine producer', 'vineyard', 'wine estate'],
    ['wine', 'winemaking', 'vineyards', 'wine tasting', 'sparkling wine', 'organic wine', 'wine exports', 'wine club'],
    ['wine lovers', 'restaurants', 'retailers', 'importers', 'tourists'],
  ),
  // Energy
  'Renewable Energy Equipment Manufacturing': vocabulary(
    ['clean energy equipment manufacturer', 'solar equipment manufacturer', 'battery manufacturer'],
    ['solar panels', 'battery storage', 'wind turbine components', 'inverters', 'EV chargers', 'energy storage systems', 'lithium-ion batteries',
      'heat pumps'],
    ['utilities', 'solar installers', 'homeowners', 'EV charging operators', 'commercial buildings'],
  ),
  'Oil and Gas': vocabulary(
    ['oil and gas company', 'energy company', 'oilfield services company'],
    ['oil and gas exploration', 'oil production', 'natural gas', 'oilfield services', 'drilling', 'pipelines', 'refining', 'LNG', 'carbon capture'],
    ['utilities', 'refineries', 'industrial customers', 'governments', 'energy traders'],
  ),
  Mining: vocabulary(
    ['mining company', 'mineral exploration company', 'mining operator'],
    ['mining', 'mineral exploration', 'gold mining', 'copper mining', 'lithium mining', 'critical minerals', 'quarrying', 'mine safety'],
    ['smelters', 'battery makers', 'manufacturers', 'investors', 'governments'],
  ),
  Utilities: vocabulary(
    ['utility', 'energy supplier', 'water utility', 'electric utility'],
    ['electricity supply', 'natural gas supply', 'water supply', 'grid modernization', 'smart meters', 'energy efficiency programs', 'EV charging',
      'battery storage', 'wastewater treatment'],
    ['households', 'businesses', 'municipalities', 'industrial customers', 'local communities'],
  ),
  'Renewable Energy Power Generation': vocabulary(
    ['renewable energy company', 'clean energy developer', 'independent power producer'],
    ['renewable energy', 'solar farms', 'wind energy', 'battery storage', 'green hydrogen', 'hydropower', 'energy storage', 'power purchase agreements',
      'EV charging', 'biomass energy'],
    ['utilities', 'corporations', 'municipalities', 'industrial customers', 'local communities'],
  ),
  'Solar Electric Power Generation': vocabulary(
    ['solar company', 'solar installer', 'solar energy developer'],
    ['solar panels', 'solar installation', 'solar farms', 'rooftop solar', 'battery storage', 'solar energy', 'community solar', 'EV charging'],
    ['homeowners', 'businesses', 'utilities', 'farms', 'schools'],
  ),
  'Wind Electric Power Generation': vocabulary(
    ['wind energy company', 'wind farm operator', 'wind power developer'],
    ['wind energy', 'wind farms', 'offshore wind', 'wind turbines', 'wind power', 'battery storage', 'grid connection'],
    ['utilities', 'corporations', 'municipalities', 'industrial customers', 'energy traders'],
  ),
  // Hospitality and leisure
  'Food and Beverage Services': vocabulary(
    ['catering company', 'food service company', 'coffee shop', 'cafe'],
    ['catering', 'event catering', 'corporate catering', 'coffee', 'food delivery', 'meal prep', 'food trucks', 'bakery', 'contract food service'],
    ['corporate clients', 'event organizers', 'schools', 'hospitals', 'food lovers'],
  ),
  Restaurants: vocabulary(
    ['restaurant', 'restaurant group', 'family restaurant', 'bistro', 'pizzeria'],
    ['fine dining', 'casual dining', 'takeout', 'food delivery', 'private dining', 'brunch', 'vegan food', 'farm-to-table cuisine', 'cocktail bar',
      'restaurant catering', 'neighborhood restaurants'],
    ['diners', 'families', 'food lovers', 'tourists', 'local customers'],
  ),
  Hospitality: vocabulary(
    ['hospitality company', 'hotel group', 'hospitality group'],
    ['hotels', 'boutique hotels', 'resorts', 'guest experience', 'conference venues', 'restaurants and bars', 'vacation rentals', 'wedding venues',
      'spa services'],
    ['travelers', 'families', 'corporate clients', 'event organizers', 'tourists'],
  ),
  'Hotels and Motels': vocabulary(
    ['hotel', 'boutique hotel', 'motel', 'resort hotel'],
    ['hotel rooms', 'accommodation', 'conference rooms', 'spa', 'wedding venue', 'restaurant and bar', 'extended stay', 'airport hotel'],
    ['travelers', 'business travelers', 'families', 'tourists', 'event organizers'],
  ),
  'Travel Arrangements': vocabulary(
    ['travel agency', 'tour operator', 'travel company'],
    ['travel booking', 'vacation packages', 'corporate travel management', 'guided tours', 'cruises', 'adventure travel', 'group travel', 'flight booking'],
    ['travelers', 'families', 'business travelers', 'tourists', 'companies'],
  ),
  'Events Services': vocabulary(
    ['event planning company', 'event management company', 'event agency', 'event planner'],
    ['event planning', 'event management', 'corporate events', 'wedding planning', 'conferences', 'trade show services', 'event production',
      'venue sourcing', 'festivals', 'audio-visual services'],
    ['corporate clients', 'event organizers', 'couples', 'associations', 'brands'],
  ),
  'Entertainment Providers': vocabulary(
    ['entertainment company', 'entertainment venue', 'live entertainment company'],
    ['live entertainment', 'concerts', 'theater productions', 'escape rooms', 'amusement parks', 'family entertainment', 'comedy shows', 'event venues'],
    ['families', 'audiences', 'tourists', 'corporate groups', 'young adults'],
  ),
  Musicians: vocabulary(
    ['music group', 'band', 'music company', 'orchestra'],
    ['live music', 'music production', 'concerts', 'recording', 'music lessons', 'wedding music', 'songwriting', 'touring'],
    ['audiences', 'event organizers', 'couples', 'venues', 'music lovers'],
  ),
  'Spectator Sports': vocabulary(
    ['sports organization', 'professional sports club', 'sports league'],
    ['professional sports', 'sports events', 'ticketing', 'sports sponsorship', 'stadium operations', 'youth academy', 'fan experience'],
    ['fans', 'sponsors', 'families', 'broadcasters', 'local communities'],
  ),
  'Sports Teams and Clubs': vocabulary(
    ['sports club', 'football club', 'sports team', 'athletic club'],
    ['youth sports', 'amateur sports', 'sports coaching', 'football', 'tennis', 'golf club', 'memberships', 'sports camps'],
    ['members', 'young athletes', 'families', 'fans', 'local communities'],
  ),
  'Museums, Historical Sites, and Zoos': vocabulary(
    ['museum', 'zoo', 'heritage site', 'gallery'],
    ['exhibitions', 'museum', 'art collections', 'guided tours', 'education programs', 'wildlife conservation', 'historic preservation', 'events'],
    ['visitors', 'families', 'schools', 'tourists', 'researchers'],
  ),
  'Gambling Facilities and Casinos': vocabulary(
    ['casino', 'gaming company', 'casino resort'],
    ['casino gaming', 'online casino', 'sports betting', 'poker', 'slot machines', 'hotel and casino', 'responsible gambling'],
    ['guests', 'tourists', 'players', 'event organizers', 'adults'],
  ),
  // Logistics
  'Transportation, Logistics, Supply Chain and Storage': vocabulary(
    ['logistics company', 'logistics provider', 'third-party logistics provider', 'supply chain company'],
    ['freight forwarding', 'third-party logistics', '3PL services', 'supply chain management', 'warehousing', 'last-mile delivery',
      'cold chain logistics', 'customs brokerage', 'cross-border shipping', 'fulfillment services', 'route optimization', 'trucking'],
    ['retailers', 'manufacturers', 'ecommerce brands', 'importers and exporters', 'healthcare suppliers'],
  ),
  'Truck Transportation': vocabulary(
    ['trucking company', 'freight carrier', 'haulage company', 'transport company'],
    ['trucking', 'full truckload', 'less-than-truckload', 'freight transport', 'refrigerated trucking', 'long-haul freight', 'flatbed transport',
      'dedicated fleet services', 'last-mile delivery'],
    ['shippers', 'manufacturers', 'retailers', 'food producers', 'freight forwarders'],
  ),
  'Warehousing and Storage': vocabulary(
    ['warehousing company', 'storage company', 'fulfillment center operator'],
    ['warehousing', 'cold storage', 'fulfillment services', 'inventory management', 'self storage', 'pick and pack', 'warehouse management',
      'bonded warehouse', 'distribution centers'],
    ['ecommerce brands', 'retailers', 'manufacturers', 'food producers', 'importers'],
  ),
  'Freight and Package Transportation': vocabulary(
    ['freight forwarder', 'courier company', 'parcel delivery company'],
    ['freight forwarding', 'parcel delivery', 'courier services', 'express shipping', 'air freight', 'ocean freight', 'customs clearance',
      'last-mile delivery', 'international shipping'],
    ['ecommerce brands', 'importers and exporters', 'manufacturers', 'retailers', 'small businesses'],
  ),
  'Airlines and Aviation': vocabulary(
    ['airline', 'aviation company', 'charter airline', 'aviation services company'],
    ['passenger flights', 'air cargo', 'private jet charter', 'aircraft maintenance', 'flight training', 'ground handling', 'regional flights'],
    ['travelers', 'business travelers', 'cargo shippers', 'tour operators', 'airlines'],
  ),
  'Maritime Transportation': vocabulary(
    ['shipping company', 'maritime company', 'ferry operator'],
    ['ocean freight', 'container shipping', 'port services', 'ship management', 'ferry services', 'bulk shipping', 'marine logistics', 'tanker shipping'],
    ['importers and exporters', 'manufacturers', 'energy companies', 'travelers', 'freight forwarders'],
  ),
  // Local services
  'Wellness and Fitness Services': vocabulary(
    ['fitness studio', 'gym', 'wellness center', 'yoga studio'],
    ['personal training', 'group fitness classes', 'yoga', 'pilates', 'gym memberships', 'wellness programs', 'nutrition coaching', 'massage therapy',
      'corporate wellness', 'physiotherapy'],
    ['members', 'athletes', 'seniors', 'employers', 'busy professionals'],
  ),
  'Environmental Services': vocabulary(
    ['environmental services company', 'environmental consultancy', 'remediation company'],
    ['environmental consulting', 'waste management', 'environmental remediation', 'recycling', 'hazardous waste disposal', 'environmental testing',
      'sustainability reporting', 'asbestos removal', 'water treatment'],
    ['municipalities', 'manufacturers', 'property developers', 'construction companies', 'businesses'],
  ),
  'Waste Collection': vocabulary(
    ['waste management company', 'waste collection company', 'recycling company'],
    ['waste management', 'waste collection', 'recycling', 'dumpster rental', 'commercial waste', 'composting', 'scrap metal recycling'],
    ['municipalities', 'businesses', 'households', 'construction sites', 'restaurants'],
  ),
  'Facilities Services': vocabulary(
    ['facilities services company', 'commercial cleaning company', 'facility management company'],
    ['commercial cleaning', 'office cleaning', 'facility management', 'janitorial services', 'building maintenance', 'landscaping', 'pest control',
      'window cleaning', 'property maintenance'],
    ['property managers', 'offices', 'schools', 'hospitals', 'retailers'],
  ),
  'Security and Investigations': vocabulary(
    ['security company', 'security services company', 'private investigation agency'],
    ['security guards', 'manned guarding', 'alarm monitoring', 'CCTV installation', 'event security', 'private investigations', 'access control',
      'mobile patrols', 'executive protection'],
    ['businesses', 'property managers', 'event organizers', 'retailers', 'homeowners'],
  ),
  'Telephone Call Centers': vocabulary(
    ['call center', 'contact center', 'customer service outsourcing company'],
    ['call center services', 'customer service outsourcing', 'inbound call handling', 'telemarketing', 'technical support', 'multilingual support',
      'live chat support', 'appointment setting'],
    ['ecommerce brands', 'telecom operators', 'utilities', 'insurers', 'software companies'],
  ),
  'Vehicle Repair and Maintenance': vocabulary(
    ['auto repair shop', 'car repair garage', 'vehicle service center'],
    ['auto repair', 'car servicing', 'brake repair', 'tire services', 'collision repair', 'EV servicing', 'fleet maintenance', 'oil changes', 'MOT testing'],
    ['drivers', 'fleet operators', 'car owners', 'businesses', 'families'],
  ),
  'Personal Care Services': vocabulary(
    ['hair salon', 'beauty salon', 'barbershop', 'day spa'],
    ['haircuts', 'hair coloring', 'beauty treatments', 'nail care', 'skin care treatments', 'massages', 'barbering', 'bridal styling'],
    ['clients', 'brides', 'local customers', 'men and women', 'busy professionals'],
  ),
  'Pet Services': vocabulary(
    ['pet care company', 'dog grooming salon', 'pet services business'],
    ['pet grooming', 'dog walking', 'pet sitting', 'dog training', 'pet boarding', 'doggy daycare', 'pet food delivery'],
    ['pet owners', 'dog owners', 'cat owners', 'families', 'busy professionals'],
  ),
  // Agriculture
  Farming: vocabulary(
    ['farm', 'family farm', 'agricultural producer', 'organic farm'],
    ['organic farming', 'crop production', 'fresh vegetables', 'dairy farming', 'greenhouse growing', 'sustainable agriculture', 'precision agriculture',
      'grain farming', 'fruit orchards'],
    ['grocers', 'food processors', 'farmers markets', 'restaurants', 'exporters'],
  ),
  Ranching: vocabulary(
    ['ranch', 'cattle ranch', 'livestock farm'],
    ['cattle ranching', 'beef production', 'livestock', 'grass-fed beef', 'sheep farming', 'horse breeding', 'animal welfare'],
    ['meat processors', 'restaurants', 'farmers markets', 'grocers', 'exporters'],
  ),
  Fisheries: vocabulary(
    ['fishing company', 'seafood producer', 'aquaculture company'],
    ['aquaculture', 'fish farming', 'seafood', 'commercial fishing', 'shellfish', 'sustainable fisheries', 'seafood processing'],
    ['restaurants', 'seafood wholesalers', 'grocers', 'exporters', 'food processors'],
  ),
  'Forestry and Logging': vocabulary(
    ['forestry company', 'logging company', 'timber producer'],
    ['forestry', 'timber harvesting', 'sustainable forestry', 'logging', 'reforestation', 'wood products', 'forest management'],
    ['sawmills', 'builders', 'paper mills', 'landowners', 'governments'],
  ),
  // Public sector and nonprofits
  'Individual and Family Services': vocabulary(
    ['social services organization', 'family services nonprofit', 'community services provider'],
    ['family support', 'social services', 'counseling services', 'foster care', 'disability services', 'youth programs', 'food assistance',
      'housing support', 'mental health support'],
    ['families in need', 'young people', 'people with disabilities', 'seniors', 'local communities'],
  ),
  'Government Administration': vocabulary(
    ['government agency', 'public authority', 'municipal government'],
    ['public services', 'economic development', 'public safety', 'permits and licensing', 'urban planning', 'public health', 'digital government services'],
    ['citizens', 'residents', 'local businesses', 'communities', 'visitors'],
  ),
  'Armed Forces': vocabulary(
    ['military organization', 'defense organization', 'military unit'],
    ['national defense', 'military training', 'peacekeeping', 'disaster relief', 'military logistics', 'cyber defense'],
    ['citizens', 'allies', 'veterans', 'governments', 'communities'],
  ),
  'Law Enforcement': vocabulary(
    ['police department', 'law enforcement agency', 'public safety agency'],
    ['policing', 'public safety', 'crime prevention', 'emergency response', 'community policing', 'traffic enforcement', 'investigations'],
    ['residents', 'local communities', 'businesses', 'visitors', 'schools'],
  ),
  'Non-profit Organizations': vocabulary(
    ['nonprofit organization', 'charity', 'non-profit', 'foundation'],
    ['community development', 'fundraising', 'charity work', 'advocacy', 'education access', 'public health', 'environmental conservation',
      'volunteer programs', 'humanitarian aid', 'social impact'],
    ['local communities', 'families in need', 'volunteers', 'donors', 'young people'],
  ),
  'Civic and Social Organizations': vocabulary(
    ['association', 'civic organization', 'membership association', 'trade association'],
    ['community events', 'member services', 'networking events', 'advocacy', 'professional associations', 'volunteer programs', 'youth clubs'],
    ['members', 'local communities', 'professionals', 'volunteers', 'businesses'],
  ),
  'Religious Institutions': vocabulary(
    ['church', 'religious organization', 'faith community'],
    ['worship services', 'community outreach', 'youth ministry', 'pastoral care', 'charity work', 'religious education', 'food bank'],
    ['congregations', 'families', 'local communities', 'young people', 'volunteers'],
  ),
  Fundraising: vocabulary(
    ['fundraising organization', 'fundraising consultancy', 'charitable foundation'],
    ['fundraising', 'donor management', 'grant writing', 'charity events', 'major gifts', 'crowdfunding campaigns', 'capital campaigns'],
    ['nonprofits', 'charities', 'universities', 'hospitals', 'donors'],
  ),
};
