import type { CountryProfile } from './data/countries';
import type { IndustryGroup } from './data/industry-groups';
import { BRAND_ENDS, BRAND_STARTS, BRAND_WORDS, SURNAMES } from './data/name-parts';
import type { Rng } from './prng';

export interface CompanyName {
  /** The name as shown: "Brightpath Labs GmbH". */
  readonly name: string;
  /** Lowercase ASCII letters and digits of the name without its legal form: "brightpathlabs". */
  readonly slug: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPRSTVW';

/** Names whose descriptor reads like a practice: "Carter & Hayes", "Weber Advisors". */
const PARTNERSHIP_GROUPS: ReadonlySet<string> = new Set(['professional services firm', 'investment firm', 'construction and engineering firm']);

function slugOf(text: string): string {
  let slug = '';
  for (let i = 0; i < text.length && slug.length < 28; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 97 && code <= 122) slug += text[i];
    else if (code >= 65 && code <= 90) slug += String.fromCharCode(code + 32);
    else if (code >= 48 && code <= 57) slug += text[i];
  }
  return slug;
}

/**
 * A plausible company name for the country and industry: made-up brands ("Brightpath"),
 * single brand words ("Meridian Health"), founders' surnames in the country's tradition
 * ("Hartmann Logistics GmbH"), partnerships ("Carter & Hayes") and initials ("KMR Freight").
 */
export function drawCompanyName(rng: Rng, country: CountryProfile, group: IndustryGroup): CompanyName {
  const partnership = PARTNERSHIP_GROUPS.has(group.noun);
  const style = rng.float();
  let base: string;
  let descriptorChance: number;
  if (style < 0.42) {
    base = rng.pick(BRAND_STARTS) + rng.pick(BRAND_ENDS);
    descriptorChance = 0.55;
  } else if (style < 0.56) {
    base = rng.pick(BRAND_WORDS);
    descriptorChance = 0.9;
  } else if (style < (partnership ? 0.76 : 0.86)) {
    base = rng.pick(SURNAMES[country.names]);
    descriptorChance = 0.85;
  } else if (style < 0.97) {
    const surnames = SURNAMES[country.names];
    const first = rng.pick(surnames);
    let second = rng.pick(surnames);
    if (second === first) second = surnames[(surnames.indexOf(first) + 1) % surnames.length] as string;
    base = `${first} & ${second}`;
    descriptorChance = 0.4;
  } else {
    base = (UPPER[rng.int(UPPER.length)] as string) + (UPPER[rng.int(UPPER.length)] as string) + (UPPER[rng.int(UPPER.length)] as string);
    descriptorChance = 1;
  }
  const core = rng.chance(descriptorChance) ? `${base} ${rng.pick(group.descriptors)}` : base;
  const legalChance = country.names === 'german' ? 0.6 : 0.3;
  const name = rng.chance(legalChance) ? `${core} ${rng.pick(country.legalSuffixes)}` : core;
  return { name, slug: slugOf(core) };
}
