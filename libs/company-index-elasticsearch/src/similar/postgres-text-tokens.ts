/**
 * Text cut into tokens as PostgreSQL's default text search parser cuts it (`ts_debug`), for the
 * token types company descriptions hold: words (ASCII, other letters, letters with digits),
 * hyphenated words and their parts, numbers (integers, decimals, versions, exponents), host
 * names and file paths. The parser is a greedy machine that tries the longest reading and
 * falls back to a shorter one ("S.A" is a path, "S.A." a path and a dot, "Zürich/Opfikon" a
 * word and the path "/Opfikon"); each reader below is one of its readings, returning where the
 * token ends or undefined when the reading fails. E-mail addresses, URLs, XML tags and
 * entities beyond `&name;` are not read (descriptions have none): text holding them may be cut
 * otherwise than PostgreSQL cuts it. The spec checks every case against PostgreSQL itself.
 */

export type TokenType =
  | 'asciiword'
  | 'word'
  | 'numword'
  | 'asciihword'
  | 'hword'
  | 'numhword'
  | 'hword_asciipart'
  | 'hword_part'
  | 'hword_numpart'
  | 'host'
  | 'file'
  | 'uint'
  | 'int'
  | 'float'
  | 'sfloat'
  | 'version'
  | 'entity'
  | 'blank';

export interface TextToken {
  type: TokenType;
  text: string;
}

/** What a reading found: where the token ends and what it is. */
interface Read {
  end: number;
  type: TokenType;
}

/** Letter, digit, or mark that continues a word: the kinds of a hyphenated word, lowest first. */
type WordKind = 'ascii' | 'letters' | 'digits';

const COMPOUND_TYPE: Record<WordKind, TokenType> = { ascii: 'asciihword', letters: 'hword', digits: 'numhword' };
const PART_TYPE: Record<WordKind, TokenType> = { ascii: 'hword_asciipart', letters: 'hword_part', digits: 'hword_numpart' };

const isAsciiLetter = (char: string | undefined): boolean => char !== undefined && /^[A-Za-z]$/.test(char);
const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';
/** A letter of any script (ASCII digits are digits; other scripts' digits count as letters, as glibc's iswalpha has them). */
const isAlpha = (char: string | undefined): boolean => char !== undefined && !isDigit(char) && /^[\p{Alphabetic}\p{Nd}]$/u.test(char);
/** A character of no width (a combining mark, a joiner): it continues a word but cannot start one. */
const isMark = (char: string | undefined): boolean => char !== undefined && /^[\p{Mn}\p{Me}\p{Cf}]$/u.test(char);
const isAlnum = (char: string | undefined): boolean => isAlpha(char) || isDigit(char);
const isSpace = (char: string | undefined): boolean => char !== undefined && /^\s$/u.test(char);
/** A character of a path's names: an ASCII letter or digit, or `_`. */
const isPathChar = (char: string | undefined): boolean => isAsciiLetter(char) || isDigit(char) || char === '_';
/** Characters a run of blanks stops before: each may start a token of its own. */
const BLANK_STOPS = new Set(['-', '+', '&', '/', '<']);

class Scanner {
  constructor(private readonly chars: readonly string[]) {}

  private at(position: number): string | undefined {
    return this.chars[position];
  }

  private is(position: number, char: string): boolean {
    return this.chars[position] === char;
  }

  /** The token starting at `start` (the parser's base state). */
  token(start: number): Read {
    const char = this.at(start);
    if (isAsciiLetter(char)) return this.asciiWord(start + 1);
    if (isAlpha(char)) return this.word(start + 1);
    if (isDigit(char)) return this.unsignedInt(start + 1);
    const special =
      char === '-' || char === '+'
        ? this.signedNumber(start + 1)
        : char === '&'
          ? this.entity(start + 1)
          : char === '/'
            ? this.fileAfterSlash(start + 1)
            : char === '~'
              ? this.fileAfterTilde(start + 1)
              : char === '.'
                ? this.pathAfterFirstDot(start + 1)
                : undefined;
    return special ?? this.blank(start);
  }

  /** Anything else, up to the next letter or digit or a character that starts a token of its own. */
  private blank(start: number): Read {
    let end = start + 1;
    while (end < this.chars.length && !isAlnum(this.at(end)) && !BLANK_STOPS.has(this.at(end) as string)) end += 1;
    return { end, type: 'blank' };
  }

  private asciiWord(from: number): Read {
    let end = from;
    while (isAsciiLetter(this.at(end))) end += 1;
    const next = this.at(end);
    if (next === '.') return this.hostAfterDot(end + 1) ?? this.fileAfterDot(end + 1) ?? { end, type: 'asciiword' };
    if (next === '-') return this.hostAfterJoiner(end + 1) ?? this.hyphenated(end + 1, 'ascii') ?? { end, type: 'asciiword' };
    if (next === '_') return this.hostAfterJoiner(end + 1) ?? { end, type: 'asciiword' };
    if (next === '/') return this.fileAfterSlash(end + 1) ?? { end, type: 'asciiword' };
    if (isDigit(next)) return this.hostLabel(end + 1) ?? this.numWord(end + 1);
    if (isAlpha(next) || isMark(next)) return this.word(end + 1);
    return { end, type: 'asciiword' };
  }

  /** Letters of any script (and marks); a digit makes it a word of letters and digits. */
  private word(from: number): Read {
    let end = from;
    while (isAlpha(this.at(end)) || isMark(this.at(end))) end += 1;
    if (isDigit(this.at(end))) return this.numWord(end + 1);
    if (this.is(end, '-')) return this.hyphenated(end + 1, 'letters') ?? { end, type: 'word' };
    return { end, type: 'word' };
  }

  private numWord(from: number): Read {
    let end = from;
    while (isAlnum(this.at(end)) || isMark(this.at(end))) end += 1;
    const next = this.at(end);
    if (next === '/') return this.fileAfterSlash(end + 1) ?? { end, type: 'numword' };
    if (next === '.') return this.fileAfterDot(end + 1) ?? { end, type: 'numword' };
    if (next === '-') return this.hyphenated(end + 1, 'digits') ?? { end, type: 'numword' };
    return { end, type: 'numword' };
  }

  private unsignedInt(from: number): Read {
    let end = from;
    while (isDigit(this.at(end))) end += 1;
    const next = this.at(end);
    const uint: Read = { end, type: 'uint' };
    if (next === '.') return this.hostAfterDot(end + 1) ?? this.decimal(end + 1) ?? uint;
    const scientific = this.exponentAt(end);
    if (scientific) return scientific;
    if (next === '-' || next === '_') return this.hostAfterJoiner(end + 1) ?? uint;
    if (isAsciiLetter(next)) return this.hostLabel(end + 1) ?? this.numWord(end + 1);
    if (isAlpha(next) || isMark(next)) return this.numWord(end + 1);
    if (next === '/') return this.fileAfterSlash(end + 1) ?? uint;
    return uint;
  }

  /**
   * After `-` or `+` at the start of a token: a signed integer, decimal or exponent. A signed
   * number with a second point (`-1.2.3`) is no signed number: PostgreSQL reads the sign as a
   * blank and the rest as a version.
   */
  private signedNumber(from: number): Read | undefined {
    if (!isDigit(this.at(from))) return undefined;
    let end = from + 1;
    while (isDigit(this.at(end))) end += 1;
    if (this.is(end, '.') && isDigit(this.at(end + 1))) {
      let decimalEnd = end + 2;
      while (isDigit(this.at(decimalEnd))) decimalEnd += 1;
      if (this.is(decimalEnd, '.') && isDigit(this.at(decimalEnd + 1))) return undefined;
      return this.exponentAt(decimalEnd) ?? { end: decimalEnd, type: 'float' };
    }
    return this.exponentAt(end) ?? { end, type: 'int' };
  }

  /** The digits after an unsigned number's decimal point, then a version's further numbers or an exponent. */
  private decimal(from: number): Read | undefined {
    if (!isDigit(this.at(from))) return undefined;
    let end = from + 1;
    while (isDigit(this.at(end))) end += 1;
    if (this.is(end, '.') && isDigit(this.at(end + 1))) {
      while (this.is(end, '.') && isDigit(this.at(end + 1))) {
        end += 2;
        while (isDigit(this.at(end))) end += 1;
      }
      return { end, type: 'version' };
    }
    return this.exponentAt(end) ?? { end, type: 'float' };
  }

  /** An exponent starting at `at` (`e5`, `E-3`), if one does. */
  private exponentAt(at: number): Read | undefined {
    return this.is(at, 'e') || this.is(at, 'E') ? this.exponent(at + 1) : undefined;
  }

  /** After `e`: an optionally signed exponent. */
  private exponent(from: number): Read | undefined {
    const digitsFrom = this.is(from, '+') || this.is(from, '-') ? from + 1 : from;
    if (!isDigit(this.at(digitsFrom))) return undefined;
    let end = digitsFrom + 1;
    while (isDigit(this.at(end))) end += 1;
    return { end, type: 'sfloat' };
  }

  /** `&name;`, `&#123;`, `&#x1F;`: an XML entity (not indexed); anything else after `&` is a blank. */
  private entity(from: number): Read | undefined {
    let end = from;
    if (this.is(end, '#')) {
      end += 1;
      const hex = this.is(end, 'x') || this.is(end, 'X');
      if (hex) end += 1;
      const digitTest = hex ? (char: string | undefined) => char !== undefined && /^[0-9A-Fa-f]$/.test(char) : isDigit;
      if (!digitTest(this.at(end))) return undefined;
      while (digitTest(this.at(end))) end += 1;
    } else {
      if (!(isAsciiLetter(this.at(end)) || this.is(end, ':') || this.is(end, '_'))) return undefined;
      end += 1;
      while (isAlnum(this.at(end)) || ['_', ':', '.', '-'].includes(this.at(end) ?? '')) end += 1;
    }
    return this.is(end, ';') ? { end: end + 1, type: 'entity' } : undefined;
  }

  // Host names: labels of ASCII letters and digits joined by `-` or `_`, separated by dots,
  // the last of them two ASCII letters or more.

  /** Inside a label, after its first character: it must reach a dot and a domain to be a host. */
  private hostLabel(from: number): Read | undefined {
    let end = from;
    while (isAsciiLetter(this.at(end)) || isDigit(this.at(end))) end += 1;
    const next = this.at(end);
    if (next === '.') return this.hostAfterDot(end + 1);
    if (next === '-' || next === '_') return this.hostAfterJoiner(end + 1);
    return undefined;
  }

  /** After `-` or `_` inside a host: another label must follow. */
  private hostAfterJoiner(from: number): Read | undefined {
    return isAsciiLetter(this.at(from)) || isDigit(this.at(from)) ? this.hostLabel(from + 1) : undefined;
  }

  /** After a dot: a label starting with a digit goes on as a label; one of letters may be the domain. */
  private hostAfterDot(from: number): Read | undefined {
    const first = this.at(from);
    if (isDigit(first)) return this.hostLabel(from + 1);
    if (!isAsciiLetter(first)) return undefined;
    const second = this.at(from + 1);
    if (isAsciiLetter(second)) return this.hostDomain(from + 2);
    if (isDigit(second)) return this.hostLabel(from + 2);
    if (second === '-' || second === '_') return this.hostAfterJoiner(from + 2);
    if (second === '.') return this.hostAfterDot(from + 2);
    return undefined;
  }

  /** In a label of two ASCII letters or more after a dot: a host ends here unless it goes on. */
  private hostDomain(from: number): Read | undefined {
    let end = from;
    while (isAsciiLetter(this.at(end))) end += 1;
    const next = this.at(end);
    if (isDigit(next)) return this.hostLabel(end + 1);
    if (next === '-' || next === '_') return this.hostAfterJoiner(end + 1) ?? { end, type: 'host' };
    if (next === '.') return this.hostAfterDot(end + 1) ?? { end, type: 'host' };
    return { end, type: 'host' };
  }

  // File paths: ASCII letters, digits, `_` and `-`, with `.` and `/` between them.

  /** After a `/`. */
  private fileAfterSlash(from: number): Read | undefined {
    const char = this.at(from);
    if (isPathChar(char)) return this.file(from + 1);
    if (char === '.') return this.pathAfterSlashDot(from + 1);
    return char === '~' ? this.fileAfterTilde(from + 1) : undefined;
  }

  /** After a `~` (a home directory). */
  private fileAfterTilde(from: number): Read | undefined {
    if (isPathChar(this.at(from))) return this.file(from + 1);
    return this.is(from, '/') ? this.fileAfterSlash(from + 1) : undefined;
  }

  /** After a `.` that follows a word: a path goes on only with a letter, digit or `_`. */
  private fileAfterDot(from: number): Read | undefined {
    return isPathChar(this.at(from)) ? this.file(from + 1) : undefined;
  }

  private file(from: number): Read {
    let end = from;
    while (isPathChar(this.at(end)) || this.is(end, '-')) end += 1;
    const next = this.at(end);
    if (next === '.') return this.fileAfterDot(end + 1) ?? { end, type: 'file' };
    if (next === '/') return this.fileAfterSlash(end + 1) ?? { end, type: 'file' };
    return { end, type: 'file' };
  }

  /** `/.`: a path naming a hidden file, `/..`, or `/./`. */
  private pathAfterSlashDot(from: number): Read | undefined {
    return isPathChar(this.at(from)) ? this.file(from + 1) : this.pathAfterFirstDot(from);
  }

  /** A `.` at the start of a token: `..` or `./`. */
  private pathAfterFirstDot(from: number): Read | undefined {
    if (this.is(from, '.')) return this.pathAfterDots(from + 1);
    return this.is(from, '/') ? this.fileAfterSlash(from + 1) : undefined;
  }

  /** After `..`: the end of the text, a space or a `/` ends a path, or it goes on after the `/`. */
  private pathAfterDots(from: number): Read | undefined {
    const char = this.at(from);
    if (char === undefined || isSpace(char)) return { end: from, type: 'file' };
    if (char === '/') return this.fileAfterSlash(from + 1) ?? { end: from, type: 'file' };
    return undefined;
  }

  // Hyphenated words: parts of letters (or letters and digits) joined by single hyphens; a part
  // of digits alone ends the word before its hyphen.

  /** After a hyphen: the rest of a hyphenated word whose parts so far are of `kind`, or undefined. */
  private hyphenated(from: number, kind: WordKind): Read | undefined {
    const first = this.at(from);
    if (kind === 'ascii' && isAsciiLetter(first)) return this.compoundPart(from + 1, 'ascii');
    if (isAlpha(first)) return this.compoundPart(from + 1, kind === 'digits' ? 'digits' : 'letters');
    if (isDigit(first)) {
      let end = from + 1;
      while (isDigit(this.at(end))) end += 1;
      return isAlpha(this.at(end)) || isMark(this.at(end)) ? this.compoundPart(end + 1, 'digits') : undefined;
    }
    return undefined;
  }

  private compoundPart(from: number, kind: WordKind): Read {
    const { end, kind: current } = this.wordRun(from, kind);
    if (this.is(end, '-')) return this.hyphenated(end + 1, current) ?? { end, type: COMPOUND_TYPE[current] };
    return { end, type: COMPOUND_TYPE[current] };
  }

  /** Letters, digits and marks from `from` on, and what they make the word: a letter outside ASCII makes it letters, a digit digits. */
  private wordRun(from: number, kind: WordKind): { end: number; kind: WordKind } {
    let end = from;
    let current = kind;
    for (;;) {
      const char = this.at(end);
      if (isDigit(char)) current = 'digits';
      else if (isAlpha(char) || isMark(char)) {
        if (current === 'ascii' && !isAsciiLetter(char)) current = 'letters';
      } else return { end, kind: current };
      end += 1;
    }
  }

  /**
   * The parts of a hyphenated word starting at `start`, with the hyphens between them, read
   * on as long as parts follow (PostgreSQL rereads the word part by part and stops only where
   * no part goes on, which can be past the word's end: a part of digits alone is not a part).
   * Returns where the base reading resumes.
   */
  parts(start: number, tokens: TextToken[]): number {
    let at = start;
    for (;;) {
      const char = this.at(at);
      if (isAlpha(char)) at = this.part(at, isAsciiLetter(char) ? 'ascii' : 'letters', tokens);
      else if (isDigit(char)) {
        let end = at + 1;
        while (isDigit(this.at(end))) end += 1;
        if (!(isAlpha(this.at(end)) || isMark(this.at(end)))) return at;
        at = this.part(at, 'digits', tokens);
      } else if (char === '-' && (isAlnum(this.at(at + 1)) || isMark(this.at(at + 1)))) {
        tokens.push({ type: 'blank', text: '-' });
        at += 1;
      } else return at;
    }
  }

  private part(start: number, kind: WordKind, tokens: TextToken[]): number {
    const { end, kind: current } = this.wordRun(start + 1, kind);
    tokens.push({ type: PART_TYPE[current], text: this.chars.slice(start, end).join('') });
    return end;
  }
}

const HYPHENATED: ReadonlySet<TokenType> = new Set(['asciihword', 'hword', 'numhword']);

/** The tokens of a text, in order, blanks included. */
export function postgresTokens(text: string): TextToken[] {
  const chars = Array.from(text);
  const scanner = new Scanner(chars);
  const tokens: TextToken[] = [];
  let at = 0;
  while (at < chars.length) {
    const read = scanner.token(at);
    tokens.push({ type: read.type, text: chars.slice(at, read.end).join('') });
    at = HYPHENATED.has(read.type) ? scanner.parts(at, tokens) : read.end;
  }
  return tokens;
}
