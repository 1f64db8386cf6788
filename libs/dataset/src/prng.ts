/**
 * Counter-free, per-record pseudo-random numbers.
 *
 * Every record of the dataset is drawn from its own generator, seeded from
 * (dataset seed, stream, record index). That is what lets any slice of the
 * 13 million companies be generated on its own, in any order, with flat memory.
 */

/** murmur3's 32-bit finaliser: a bijection on uint32, so distinct inputs stay distinct. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Multiplicative inverse of an odd number modulo 2^32 (Newton's iteration). */
function inverseOdd(a: number): number {
  let inv = a;
  for (let step = 0; step < 5; step += 1) inv = Math.imul(inv, 2 - Math.imul(a, inv));
  return inv >>> 0;
}

const INV_C2 = inverseOdd(0xc2b2ae35);
const INV_C1 = inverseOdd(0x85ebca6b);

/** Inverse of {@link mix32}: recovers a record index from an id or domain code. */
export function unmix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, INV_C2);
  x ^= (x >>> 13) ^ (x >>> 26);
  x = Math.imul(x, INV_C1);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A dataset seed as given by callers: an integer or any string. */
export type DatasetSeed = number | string;

/** Two 32-bit words derived from a seed; every generator mixes them in. */
export interface SeedKey {
  readonly a: number;
  readonly b: number;
}

function hashString(text: string): SeedKey {
  // Two FNV-1a lanes with different offsets give 64 bits of seed.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193) ^ (b >>> 15);
  }
  return { a: mix32(a), b: mix32(b ^ a) };
}

export function seedKey(seed: DatasetSeed): SeedKey {
  if (typeof seed === 'string') return hashString(`s:${seed}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer or a string, got ${seed}`);
  const low = seed >>> 0;
  const high = Math.floor(seed / 0x1_0000_0000) >>> 0;
  return { a: mix32(low ^ 0x9e3779b9), b: mix32(high ^ mix32(low + 0x7f4a7c15)) };
}

/** Separate streams keep one kind of record from shifting another when either changes. */
export const Stream = {
  company: 0x1001,
  jobPostings: 0x2002,
  connections: 0x3003,
  hiringEvents: 0x4004,
  financingEvents: 0x5005,
  newsEvents: 0x6006,
  followed: 0x7007,
  otherDomains: 0x8008,
} as const;

const TWO_POW_MINUS_32 = 2.3283064365386963e-10;

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state,
 * so sequences of neighbouring records do not overlap the way a 32-bit Weyl
 * sequence's would.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(key: SeedKey, stream: number, index: number, salt = 0) {
    this.a = mix32(index ^ key.a);
    this.b = mix32(this.a ^ stream ^ key.b);
    this.c = mix32(this.b + Math.imul(salt + 1, 0x9e3779b9) + Math.floor(index / 0x1_0000_0000));
    this.d = 1;
    for (let round = 0; round < 8; round += 1) this.next();
  }

  /** Uniform uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next() * TWO_POW_MINUS_32;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** Uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}
