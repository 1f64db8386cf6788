import { mix32, unmix32, type SeedKey } from './prng';

/**
 * Deterministic identifiers in UUID format (RFC 9562 version 8, "custom").
 *
 * Of the 128 bits, the first and last 32-bit words (w0, w3) are a two-round Feistel
 * network over (keyed bijection of the record index, keyed bijection of kind and ordinal):
 * invertible, so two records never share (w0, w3) and the index can be read back from an
 * id. The middle words carry hash bits plus the version and variant fields. Uniqueness
 * therefore follows from construction, not from luck.
 */

export const IdKind = {
  company: 1,
  jobPosting: 2,
  connection: 3,
  hiringEvent: 4,
  financingEvent: 5,
  newsEvent: 6,
  connectionEvent: 7,
} as const;
export type IdKindValue = (typeof IdKind)[keyof typeof IdKind];

const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex32(word: number): string {
  return (
    (HEX[(word >>> 24) & 0xff] as string) +
    (HEX[(word >>> 16) & 0xff] as string) +
    (HEX[(word >>> 8) & 0xff] as string) +
    (HEX[word & 0xff] as string)
  );
}

/** Bijective scramble of a record index; also the code behind each company's domain suffix. */
export function indexCode(key: SeedKey, index: number): number {
  return (mix32((index + key.a) >>> 0) ^ key.b) >>> 0;
}

export function indexFromCode(key: SeedKey, code: number): number {
  return (unmix32((code ^ key.b) >>> 0) - key.a) >>> 0;
}

/** Maximum record index the id scheme can tell apart (w0 is 32 bits). */
export const MAX_INDEX = 0xffff_ffff;

function kindWord(key: SeedKey, kind: IdKindValue, ordinal: number): number {
  if (!Number.isInteger(ordinal) || ordinal < 0 || ordinal >= 0x0100_0000) throw new RangeError(`ordinal out of range: ${ordinal}`);
  return (mix32(((kind << 24) | ordinal) >>> 0) ^ key.a) >>> 0;
}

const ROUND_1 = 0x632be5ab;
const ROUND_2 = 0x85157af5;

export function recordId(key: SeedKey, index: number, kind: IdKindValue, ordinal = 0): string {
  const right = kindWord(key, kind, ordinal);
  const w0 = (indexCode(key, index) ^ mix32((right + ROUND_1) >>> 0)) >>> 0;
  const w3 = (right ^ mix32((w0 + ROUND_2) >>> 0)) >>> 0;
  const h1 = mix32(w0 ^ key.b);
  const h2 = mix32(h1 ^ w3);
  const w1 = ((h1 & 0xffff0fff) | 0x00008000) >>> 0; // version nibble 8
  const w2 = ((h2 & 0x3fffffff) | 0x80000000) >>> 0; // variant 10
  const s1 = hex32(w1);
  const s2 = hex32(w2);
  return `${hex32(w0)}-${s1.slice(0, 4)}-${s1.slice(4)}-${s2.slice(0, 4)}-${s2.slice(4)}${hex32(w3)}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The record index an id of this seed was made from, or null when it is not one of ours. */
export function indexFromRecordId(key: SeedKey, id: string, kind: IdKindValue, ordinal = 0): number | null {
  const lower = id.toLowerCase();
  if (!UUID_PATTERN.test(lower)) return null;
  const w0 = Number.parseInt(lower.slice(0, 8), 16);
  const index = indexFromCode(key, (w0 ^ mix32((kindWord(key, kind, ordinal) + ROUND_1) >>> 0)) >>> 0);
  return recordId(key, index, kind, ordinal) === lower ? index : null;
}
