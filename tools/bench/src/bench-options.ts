/** `--name <number>` from a benchmark's arguments, or the fallback when the flag is absent. */
export function numberOption(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
}

/** `--name <n>`, a positive whole number (the fallback when absent); a clear error otherwise. */
export function wholeNumberOption(args: readonly string[], name: string, fallback: number): number {
  const value = numberOption(args, name, fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** `--name <share>`, a share strictly between 0 and 1 (the fallback when absent); a clear error otherwise. */
export function shareOption(args: readonly string[], name: string, fallback: number): number {
  const value = numberOption(args, name, fallback);
  if (!(value > 0 && value < 1)) throw new Error(`--${name} must be between 0 and 1`);
  return value;
}
