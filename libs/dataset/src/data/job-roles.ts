/** Job posting vocabulary: seniority levels, job categories and the roles each category hires. */

export const SENIORITIES = [
  'founder', 'c_level', 'partner', 'president', 'vice_president', 'head', 'director', 'manager', 'mid_senior', 'junior',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const JOB_CATEGORIES = [
  'sales', 'marketing', 'engineering', 'software_development', 'data_analysis', 'product', 'design', 'operations',
  'finance', 'human_resources', 'customer_support', 'legal', 'healthcare', 'education', 'manufacturing',
  'logistics', 'research', 'consulting', 'administration', 'management',
] as const;
export type JobCategory = (typeof JOB_CATEGORIES)[number];

export interface RoleFamily {
  /** Individual-contributor titles. */
  readonly roles: readonly string[];
  /** The function's name in leadership titles: "Head of <area>". */
  readonly area: string;
  /** Its top executive title. */
  readonly chief: string;
}

export const ROLE_FAMILIES: Readonly<Record<Exclude<JobCategory, 'management'>, RoleFamily>> = {
  sales: {
    roles: ['Account Executive', 'Sales Development Representative', 'Account Manager', 'Business Development Representative', 'Sales Engineer', 'Inside Sales Representative'],
    area: 'Sales', chief: 'Chief Revenue Officer',
  },
  marketing: {
    roles: ['Marketing Manager', 'Content Marketing Specialist', 'Growth Marketer', 'Product Marketing Manager', 'SEO Specialist', 'Social Media Manager', 'Demand Generation Manager'],
    area: 'Marketing', chief: 'Chief Marketing Officer',
  },
  engineering: {
    roles: ['Mechanical Engineer', 'Electrical Engineer', 'Systems Engineer', 'Civil Engineer', 'Hardware Engineer', 'Process Engineer'],
    area: 'Engineering', chief: 'Chief Technology Officer',
  },
  software_development: {
    roles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Full Stack Developer', 'DevOps Engineer', 'Site Reliability Engineer', 'Mobile Developer', 'QA Engineer'],
    area: 'Software Engineering', chief: 'Chief Technology Officer',
  },
  data_analysis: {
    roles: ['Data Scientist', 'Data Engineer', 'Data Analyst', 'Machine Learning Engineer', 'Analytics Engineer', 'Business Intelligence Analyst'],
    area: 'Data', chief: 'Chief Data Officer',
  },
  product: { roles: ['Product Manager', 'Product Owner', 'Technical Product Manager'], area: 'Product', chief: 'Chief Product Officer' },
  design: { roles: ['Product Designer', 'UX Designer', 'Graphic Designer', 'UX Researcher'], area: 'Design', chief: 'Chief Design Officer' },
  operations: {
    roles: ['Operations Analyst', 'Project Manager', 'Program Manager', 'Operations Coordinator', 'Office Manager'],
    area: 'Operations', chief: 'Chief Operating Officer',
  },
  finance: {
    roles: ['Financial Analyst', 'Accountant', 'Controller', 'Accounts Payable Specialist', 'FP&A Analyst'],
    area: 'Finance', chief: 'Chief Financial Officer',
  },
  human_resources: {
    roles: ['Recruiter', 'Talent Acquisition Partner', 'HR Business Partner', 'People Operations Specialist'],
    area: 'People', chief: 'Chief People Officer',
  },
  customer_support: {
    roles: ['Customer Success Manager', 'Customer Support Specialist', 'Technical Support Engineer', 'Customer Service Representative'],
    area: 'Customer Success', chief: 'Chief Customer Officer',
  },
  legal: { roles: ['Legal Counsel', 'Paralegal', 'Compliance Officer', 'Associate Attorney'], area: 'Legal', chief: 'General Counsel' },
  healthcare: {
    roles: ['Registered Nurse', 'Medical Assistant', 'Physician Assistant', 'Clinical Coordinator', 'Pharmacist', 'Physical Therapist'],
    area: 'Clinical Operations', chief: 'Chief Medical Officer',
  },
  education: {
    roles: ['Teacher', 'Instructional Designer', 'Curriculum Developer', 'Academic Advisor', 'Training Specialist'],
    area: 'Learning', chief: 'Chief Academic Officer',
  },
  manufacturing: {
    roles: ['Production Supervisor', 'Machine Operator', 'Quality Engineer', 'Manufacturing Engineer', 'Maintenance Technician'],
    area: 'Manufacturing', chief: 'Chief Operating Officer',
  },
  logistics: {
    roles: ['Warehouse Associate', 'Logistics Coordinator', 'Supply Chain Analyst', 'Truck Driver', 'Dispatcher', 'Buyer'],
    area: 'Supply Chain', chief: 'Chief Supply Chain Officer',
  },
  research: {
    roles: ['Research Scientist', 'Research Associate', 'Lab Technician', 'Clinical Research Associate'],
    area: 'Research', chief: 'Chief Scientific Officer',
  },
  consulting: { roles: ['Consultant', 'Senior Consultant', 'Business Analyst', 'Strategy Analyst'], area: 'Consulting', chief: 'Chief Executive Officer' },
  administration: {
    roles: ['Administrative Assistant', 'Executive Assistant', 'Receptionist', 'Office Administrator'],
    area: 'Administration', chief: 'Chief Administrative Officer',
  },
};
