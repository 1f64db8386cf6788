import type { CountryProfile } from './data/countries';
import type { IndustryGroup } from './data/industry-groups';
import { bySlot, SLOT_BASE_RATE, TECH_SLOTS, TECHNOLOGIES_BY_SLOT, type Technology, type TechSlot } from './data/technologies';
import { bandRank, type EmployeeBand } from './employee-bands';
import type { Rng } from './prng';
import { WeightedTable } from './weighted-table';

const SLOT_TABLES: Readonly<Record<TechSlot, WeightedTable<Technology>>> = bySlot(
  (slot) => new WeightedTable(TECHNOLOGIES_BY_SLOT[slot].map((tech) => [tech, tech.weight] as const)),
);

/** Larger companies run more tools on their sites. Indexed by band rank; the last entry is for an unknown size. */
const SIZE_FACTOR = [0.6, 0.8, 1, 1.15, 1.3, 1.4, 1.5, 1.6, 1.7, 1] as const;
const UNKNOWN_SIZE = SIZE_FACTOR.length - 1;
const TABLES: readonly WeightedTable<Technology>[] = TECH_SLOTS.map((slot) => SLOT_TABLES[slot]);

/** Slot rates for every (size, cookie banners) pair of one industry group, computed once. */
const rateCache = new WeakMap<IndustryGroup, Float64Array[]>();

function slotRates(group: IndustryGroup, sizeRank: number, cookieBanners: boolean): Float64Array {
  let perGroup = rateCache.get(group);
  if (!perGroup) {
    const boosts: Partial<Record<TechSlot, number>> = group.techBoost;
    perGroup = [];
    for (const size of SIZE_FACTOR) {
      for (const cookies of [false, true]) {
        perGroup.push(
          Float64Array.from(TECH_SLOTS, (slot) => {
            let rate = SLOT_BASE_RATE[slot] * size * (boosts[slot] ?? 1);
            if (slot === 'cookie_compliance' && cookies) rate *= 2.4;
            return Math.min(0.97, rate);
          }),
        );
      }
    }
    rateCache.set(group, perGroup);
  }
  return perGroup[sizeRank * 2 + (cookieBanners ? 1 : 0)] as Float64Array;
}

export interface TechnologyStack {
  readonly technologies: string[];
  readonly categories: string[];
}

/** At most one technology per slot, with slot rates shaped by industry, size and region. */
export function drawTechnologyStack(rng: Rng, group: IndustryGroup, band: EmployeeBand | null, country: CountryProfile): TechnologyStack {
  const rates = slotRates(group, band === null ? UNKNOWN_SIZE : bandRank(band), country.cookieBanners);
  const technologies: string[] = [];
  const categories: string[] = [];
  for (let slot = 0; slot < rates.length; slot += 1) {
    if (rng.float() >= (rates[slot] as number)) continue;
    const tech = (TABLES[slot] as WeightedTable<Technology>).draw(rng);
    technologies.push(tech.name);
    for (const category of tech.categories) if (!categories.includes(category)) categories.push(category);
  }
  if (technologies.length === 0) {
    // A site that shows nothing at all is rare; such records are the "technologies missing" share instead.
    const tech = SLOT_TABLES.analytics.draw(rng);
    technologies.push(tech.name);
    categories.push(...tech.categories);
  }
  return { technologies, categories };
}
