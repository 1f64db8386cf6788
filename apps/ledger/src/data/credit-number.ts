/**
 * A credit amount or balance read from a BIGINT column (a bigint from Prisma, a string from pg,
 * a number from JSON) as a JS number. The balance CHECK keeps every value within
 * Number.MAX_SAFE_INTEGER, so the conversion is exact; a value outside that range would lose
 * digits silently, so it throws instead.
 */
export function creditNumber(value: bigint | string | number): number {
  const exact = BigInt(value);
  if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new Error(`Credit value ${exact} is outside the safe integer range`);
  }
  return Number(exact);
}
