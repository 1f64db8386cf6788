import type { IndustryGroup } from './data/industry-groups';
import { ROLE_FAMILIES, type JobCategory, type Seniority } from './data/job-roles';
import type { Rng } from './prng';
import { WeightedTable } from './weighted-table';

const SENIORITY_TABLE = new WeightedTable<Seniority>([
  ['junior', 15], ['mid_senior', 48], ['manager', 15], ['director', 8], ['head', 5], ['vice_president', 3],
  ['c_level', 2.5], ['founder', 1.5], ['partner', 1], ['president', 0.5],
]);

const REGIONS = ['North America', 'EMEA', 'APAC', 'Europe', 'Latin America', 'International'] as const;
const LEADERSHIP: ReadonlySet<Seniority> = new Set(['manager', 'director', 'head', 'vice_president', 'c_level', 'president', 'partner', 'founder']);
const PARTNERSHIPS: ReadonlySet<string> = new Set(['professional services firm', 'investment firm']);

const groupTables = new WeakMap<IndustryGroup, WeightedTable<Exclude<JobCategory, 'management'>>>();

function categoryTable(group: IndustryGroup): WeightedTable<Exclude<JobCategory, 'management'>> {
  let table = groupTables.get(group);
  if (!table) {
    const entries = group.jobCategories.filter((entry): entry is readonly [Exclude<JobCategory, 'management'>, number] => entry[0] !== 'management');
    table = new WeightedTable(entries);
    groupTables.set(group, table);
  }
  return table;
}

export interface DrawnRole {
  readonly title: string;
  readonly seniority: Seniority;
  readonly category: Exclude<JobCategory, 'management'>;
  readonly leadership: boolean;
}

/**
 * A job title with its seniority and function, shaped by the company: founders and
 * founding roles only at small companies, partners only at firms that have them.
 */
export function drawRole(rng: Rng, group: IndustryGroup, smallCompany: boolean): DrawnRole {
  const category = categoryTable(group).draw(rng);
  let seniority = SENIORITY_TABLE.draw(rng);
  if (seniority === 'founder' && !smallCompany) seniority = 'mid_senior';
  if (seniority === 'partner' && !PARTNERSHIPS.has(group.noun)) seniority = 'director';
  const family = ROLE_FAMILIES[category];
  const role = rng.pick(family.roles);
  let title: string;
  switch (seniority) {
    case 'junior': title = rng.chance(0.7) ? `Junior ${role}` : `${role} I`; break;
    case 'mid_senior': title = rng.chance(0.5) ? `Senior ${role}` : role; break;
    case 'manager': title = `${family.area} Manager`; break;
    case 'director': title = `Director of ${family.area}`; break;
    case 'head': title = `Head of ${family.area}`; break;
    case 'vice_president': title = rng.chance(0.6) ? `VP of ${family.area}` : `Vice President, ${family.area}`; break;
    case 'c_level': title = family.chief; break;
    case 'founder': title = rng.chance(0.6) ? `Founding ${role}` : 'Co-Founder'; break;
    case 'partner': title = rng.chance(0.5) ? `Partner, ${family.area}` : 'Managing Partner'; break;
    case 'president': title = `President, ${rng.pick(REGIONS)}`; break;
  }
  return { title, seniority, category, leadership: LEADERSHIP.has(seniority) };
}

/** lowercase-words-joined-by-dashes, for URLs. */
export function urlSlug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
