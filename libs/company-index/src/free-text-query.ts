import { SYNONYM_GROUPS } from './query-synonyms';

/**
 * A free-text query as both back ends search it. The syntax is PostgreSQL's websearch syntax
 * (`"quoted phrase"`, `-word`, `or`); on top of it, a word or a run of words of the query that
 * is an entry of SYNONYM_GROUPS matches any entry of its group:
 *
 * - only words outside quotes, not negated, and made of letters and digits (a hyphen may join
 *   them: "e-commerce"; a comma or full stop may follow) take synonyms; a quoted phrase and a
 *   -word mean what they say;
 * - a query word matches an entry word when it is the word or its plural ("dentists",
 *   "charities"), and the longest entry starting at a word wins ("human resources" before
 *   "human");
 * - an entry of several words matches a company holding all of its words (the same rule as the
 *   words of a query), so "ai" finds companies that write "artificial intelligence";
 * - `or` separates branches, as in websearch syntax (`a or b c` is a, or b and c).
 */
export interface FreeTextQuery {
  /** The query as typed. */
  text: string;
  /** Absent when no synonym applies: both back ends then search `text` as it is. */
  branches?: QueryBranch[];
}

/** One side of an `or`: every part of it must match. */
export interface QueryBranch {
  /** What of the branch has no synonyms, in websearch syntax ('' when nothing is left). */
  rest: string;
  synonyms: SynonymMatch[];
}

/** A run of query words with synonyms: matched when one alternative's words all are. */
export interface SynonymMatch {
  /** The words as the query wrote them, between single spaces. */
  written: string;
  /** `written` first, then the group's entries as words between single spaces (each once). */
  alternatives: string[];
}

interface Token {
  text: string;
  /** Inside or touching a quoted phrase. */
  quoted: boolean;
}

interface Entry {
  words: string[];
  group: number;
}

const wordsOfEntry = (entry: string): string[] => entry.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

const ENTRIES: readonly Entry[] = SYNONYM_GROUPS.flatMap((group, index) => group.map((entry) => ({ words: wordsOfEntry(entry), group: index })))
  // Longest first: the first entry that matches at a position is the longest one there.
  .sort((a, b) => b.words.length - a.words.length);

const LONGEST_ENTRY = Math.max(...ENTRIES.map((entry) => entry.words.length));

/**
 * A query token that can take synonyms: letters and digits, words joined by single hyphens,
 * perhaps ending in punctuation that separates words ("AI," in "AI, robotics").
 */
const SYNONYM_TOKEN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*[,.;:!?]*$/u;

/** Whether a query word stands for an entry word: the word itself or a plural of it. */
export function wordMatches(queryWord: string, entryWord: string): boolean {
  if (queryWord === entryWord) return true;
  if (queryWord === `${entryWord}s` || queryWord === `${entryWord}es`) return true;
  return entryWord.endsWith('y') && queryWord === `${entryWord.slice(0, -1)}ies`;
}

/**
 * The query's tokens (runs of other characters than white space) with whether each touches a
 * quoted phrase. As in websearch syntax, a double quote opens a phrase only when another one
 * closes it later.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let quoted = false;
  let inQuotes = false;
  const lastQuote = text.lastIndexOf('"');
  const finish = () => {
    if (current !== '') tokens.push({ text: current, quoted });
    current = '';
    quoted = inQuotes;
  };
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] as string;
    if (/\s/u.test(char)) {
      finish();
      continue;
    }
    if (char === '"') {
      if (inQuotes) inQuotes = false;
      else if (at < lastQuote) inQuotes = true;
      quoted = true;
    }
    if (inQuotes) quoted = true;
    current += char;
  }
  finish();
  return tokens;
}

/** Splits tokens into or-branches: an unquoted `or` between two tokens. */
function branchesOf(tokens: Token[]): Token[][] {
  const branches: Token[][] = [[]];
  tokens.forEach((token, index) => {
    const branch = branches[branches.length - 1] as Token[];
    const isOr = !token.quoted && token.text.toLowerCase() === 'or' && branch.length > 0 && index < tokens.length - 1;
    if (isOr) branches.push([]);
    else branch.push(token);
  });
  return branches;
}

/** Whether a token can start or continue a synonym: plain words, not negated, not quoted. */
function takesSynonyms(tokens: Token[], index: number): boolean {
  const token = tokens[index] as Token;
  const previous = tokens[index - 1];
  // "- word" negates the word in websearch syntax as "-word" does.
  if (previous !== undefined && previous.text.endsWith('-')) return false;
  return !token.quoted && SYNONYM_TOKEN.test(token.text);
}

/** The longest entry whose words are those of tokens[start..end) for some end, with that end. */
function entryAt(tokens: Token[], start: number): { entry: Entry; end: number } | undefined {
  const words: string[] = [];
  const tokenEnds: number[] = [];
  for (let index = start; index < tokens.length && words.length < LONGEST_ENTRY && takesSynonyms(tokens, index); index += 1) {
    words.push(...wordsOfEntry((tokens[index] as Token).text.toLowerCase()));
    tokenEnds[words.length] = index + 1;
  }
  for (const entry of ENTRIES) {
    const end = tokenEnds[entry.words.length];
    if (end === undefined) continue;
    if (entry.words.every((word, offset) => wordMatches(words[offset] as string, word))) return { entry, end };
  }
  return undefined;
}

function expandBranch(tokens: Token[]): QueryBranch {
  const rest: string[] = [];
  const synonyms: SynonymMatch[] = [];
  for (let index = 0; index < tokens.length; ) {
    const found = takesSynonyms(tokens, index) ? entryAt(tokens, index) : undefined;
    if (!found) {
      rest.push((tokens[index] as Token).text);
      index += 1;
      continue;
    }
    const written = tokens
      .slice(index, found.end)
      .flatMap((token) => wordsOfEntry(token.text.toLowerCase()))
      .join(' ');
    const group = (SYNONYM_GROUPS[found.entry.group] ?? []).map((entry) => wordsOfEntry(entry).join(' '));
    synonyms.push({ written, alternatives: [...new Set([written, ...group])] });
    index = found.end;
  }
  return { rest: rest.join(' '), synonyms };
}

/** The query with its synonyms (see FreeTextQuery). */
export function expandFreeTextQuery(text: string): FreeTextQuery {
  const branches = branchesOf(tokenize(text)).map(expandBranch);
  return branches.some((branch) => branch.synonyms.length > 0) ? { text, branches } : { text };
}
