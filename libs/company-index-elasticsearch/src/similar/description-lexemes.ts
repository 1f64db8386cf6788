import { isStopWord } from '../postgres-stop-words';
import { englishStem } from './english-stemmer';
import { postgresTokens, type TokenType } from './postgres-text-tokens';

/** Tokens the `english` configuration stems (its english_stem dictionary: stop words dropped, then Snowball). */
const STEMMED: ReadonlySet<TokenType> = new Set(['asciiword', 'word', 'asciihword', 'hword', 'hword_asciipart', 'hword_part']);
/** Tokens it keeps as they are, lower-cased (its `simple` dictionary). */
const KEPT: ReadonlySet<TokenType> = new Set(['numword', 'numhword', 'hword_numpart', 'host', 'file', 'uint', 'int', 'float', 'sfloat', 'version']);

/** A tsvector keeps at most this many positions of one lexeme. */
const MAX_POSITIONS = 256;

/**
 * Lower case as PostgreSQL's lower() has it in a UTF-8 database: character by character, each
 * by its own mapping ("İ" is "i", "Σ" is "σ" wherever it stands).
 */
function lowerCase(text: string): string {
  return Array.from(text, (char) => String.fromCodePoint(char.toLowerCase().codePointAt(0) as number)).join('');
}

/**
 * The lexemes of a text and how often each occurs, as `to_tsvector('english', text)` has them
 * (each lexeme's number of positions): the "stemmed as the free-text query is" of the
 * similarity rule (extensions.md section 2).
 */
export function englishLexemes(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of postgresTokens(text)) {
    let lexeme: string | undefined;
    if (STEMMED.has(token.type)) {
      const lower = lowerCase(token.text);
      lexeme = isStopWord(lower) ? undefined : englishStem(lower);
    } else if (KEPT.has(token.type)) lexeme = lowerCase(token.text);
    if (lexeme !== undefined) counts.set(lexeme, Math.min((counts.get(lexeme) ?? 0) + 1, MAX_POSITIONS));
  }
  return counts;
}
