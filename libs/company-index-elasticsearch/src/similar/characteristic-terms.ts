import { CHARACTERISTIC_TERMS } from '@radar/company-index';
import { englishLexemes } from './description-lexemes';

/** Code-point order, as PostgreSQL's "C" collation orders lexemes (JavaScript's < compares UTF-16 units). */
function byCodePoint(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let at = 0; at < Math.min(left.length, right.length); at += 1) {
    const difference = ((left[at] as string).codePointAt(0) as number) - ((right[at] as string).codePointAt(0) as number);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * The characteristic terms of descriptions (extensions.md section 2), as the PostgreSQL engine
 * computes them (characteristic-terms-rebuild.ts there): each description's lexemes, stemmed as
 * the free-text query reads text, ranked by tf-idf over the whole index (tf the lexeme's
 * occurrences in the description, idf ln(companies / descriptions holding it)), the best 25,
 * ties by lexeme in code-point order. Every company is counted first (a pass over the data),
 * then each description's terms can be read.
 */
export class CharacteristicTerms {
  private readonly descriptionsHolding = new Map<string, number>();
  private companies = 0;

  /** Counts one company of the index, with its description or without one. */
  count(description: string | null | undefined): void {
    this.companies += 1;
    if (description === null || description === undefined) return;
    for (const lexeme of englishLexemes(description).keys()) this.descriptionsHolding.set(lexeme, (this.descriptionsHolding.get(lexeme) ?? 0) + 1);
  }

  /** The terms of a description, best first; none without one. */
  of(description: string | null | undefined): string[] {
    if (description === null || description === undefined) return [];
    return [...englishLexemes(description)]
      .map(([lexeme, occurrences]) => ({ lexeme, score: occurrences * Math.log(this.companies / (this.descriptionsHolding.get(lexeme) ?? 1)) }))
      .sort((a, b) => b.score - a.score || byCodePoint(a.lexeme, b.lexeme))
      .slice(0, CHARACTERISTIC_TERMS)
      .map((entry) => entry.lexeme);
  }
}
