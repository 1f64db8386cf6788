import { isStopWord } from './postgres-stop-words';

/**
 * A free-text query as PostgreSQL's `websearch_to_tsquery('english', ...)` reads it, before
 * its words are stemmed: values (a run of characters between spaces and operators, or the text
 * between double quotes), `-` (NOT), `or` (OR) and the implicit AND between values. A value
 * stands for its words in order, as a phrase; what a word is, and its stem, is left to the
 * analyzers of the fields searched.
 */
export type WebsearchNode =
  | { kind: 'value'; text: string }
  | { kind: 'not'; operand: WebsearchNode }
  | { kind: 'and' | 'or'; left: WebsearchNode; right: WebsearchNode };

type Operator = 'not' | 'and' | 'or';
type Token = { kind: 'value'; text: string } | { kind: 'stop' } | { kind: 'operator'; operator: Operator };

/** A value PostgreSQL finds no lexeme in (only stop words, or no word at all); removed before the query runs. */
const STOP = Symbol('stop');
type Parsed = WebsearchNode | typeof STOP;

/** tsquery.c: NOT binds tightest, then AND, then OR (phrases only arise inside a value). */
const PRIORITY: Record<Operator, number> = { not: 4, and: 2, or: 1 };

/** Characters the websearch tokenizer skips between values (ISOPERATOR in ts_utils.h). */
const SKIPPED = new Set(['!', '&', '|', '(', ')', '<']);

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/u.test(char);
const isAlphanumeric = (char: string): boolean => /[\p{L}\p{N}]/u.test(char);

/** The words of a value as PostgreSQL's parser splits them: runs of letters and digits, lower-cased. */
export function valueWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Words joined by `-`, `.` or `/` that PostgreSQL's parser reads as one more token (a
 * hyphenated word, a host name, a path) besides their parts: that token is never a stop word.
 */
const COMPOUND = /[\p{L}\p{N}][-./][\p{L}\p{N}]/u;

/** A value with no word that PostgreSQL's English configuration keeps ("the", "it's", "--"). */
export const isStopValue = (text: string): boolean => !COMPOUND.test(text) && valueWords(text).every(isStopWord);

/** The character (a whole code point) at `at`, undefined past the end. */
function charAt(text: string, at: number): string | undefined {
  const code = text.codePointAt(at);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/**
 * parse_or_operator: `or` in any case, not followed by a letter, digit, `-` or `_`, and with
 * something other than spaces after it (a trailing `or` is a word).
 */
function isOrOperator(text: string, at: number): boolean {
  if (text.slice(at, at + 2).toLowerCase() !== 'or') return false;
  const next = charAt(text, at + 2);
  if (next === undefined || next === '-' || next === '_' || isAlphanumeric(next)) return false;
  let rest = at + 2 + next.length;
  while (rest < text.length && isSpace(charAt(text, rest))) rest += (charAt(text, rest) as string).length;
  return rest < text.length;
}

/**
 * gettoken_query_websearch of PostgreSQL 15 and later: the tokens of a query, ending with a
 * stop placeholder where an operator is left without an operand (`x -`, `x or -`).
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let waitingForOperand = true;
  for (;;) {
    const char = charAt(text, at);
    if (waitingForOperand) {
      if (char === '-') {
        at += 1;
        tokens.push({ kind: 'operator', operator: 'not' });
      } else if (char === '"') {
        // Everything up to the closing quote (or the end of the text) is one value.
        const close = text.indexOf('"', at + 1);
        const end = close === -1 ? text.length : close;
        tokens.push({ kind: 'value', text: text.slice(at + 1, end) });
        at = close === -1 ? text.length : close + 1;
        waitingForOperand = false;
      } else if (char !== undefined && SKIPPED.has(char)) {
        at += 1;
      } else if (char === undefined) {
        // An operator left without an operand at the end gets a stop word (which then takes the operator away).
        tokens.push({ kind: 'stop' });
        return tokens;
      } else if (isSpace(char)) {
        at += char.length;
      } else {
        // The tsvector parser's word: up to a space, a skipped operator character, a quote or a colon.
        const start = at;
        at += char.length;
        for (;;) {
          const next = charAt(text, at);
          if (next === undefined || isSpace(next) || SKIPPED.has(next) || next === '"' || next === ':') break;
          at += next.length;
        }
        tokens.push({ kind: 'value', text: text.slice(start, at) });
        waitingForOperand = false;
      }
    } else if (char === undefined) {
      return tokens;
    } else if (isOrOperator(text, at)) {
      at += 2;
      tokens.push({ kind: 'operator', operator: 'or' });
      waitingForOperand = true;
    } else if (SKIPPED.has(char)) {
      at += 1;
    } else if (isSpace(char)) {
      at += char.length;
    } else {
      // Anything else starts the next operand: an implicit AND (the character is read again as an operand).
      tokens.push({ kind: 'operator', operator: 'and' });
      waitingForOperand = true;
    }
  }
}

function apply(operator: Operator, operands: Parsed[]): void {
  if (operator === 'not') {
    const operand = operands.pop();
    if (operand === undefined) throw new Error('websearch query: NOT without an operand');
    operands.push(operand === STOP ? STOP : { kind: 'not', operand });
    return;
  }
  const right = operands.pop();
  const left = operands.pop();
  if (left === undefined || right === undefined) throw new Error(`websearch query: ${operator.toUpperCase()} without two operands`);
  // clean_stopword_intree: an operand that is a stop word takes its operator with it.
  if (left === STOP) operands.push(right);
  else if (right === STOP) operands.push(left);
  else operands.push({ kind: operator, left, right });
}

/**
 * The query tree of a websearch query, as PostgreSQL builds it (makepol: NOT is right
 * associative, AND and OR left associative, AND before OR), with the values that are only
 * stop words removed along with their operators. Undefined when nothing but stop words (or
 * nothing at all) is left: PostgreSQL then matches no company.
 */
export function parseWebsearchQuery(text: string): WebsearchNode | undefined {
  const operands: Parsed[] = [];
  const operators: Operator[] = [];
  for (const token of tokenize(text)) {
    if (token.kind === 'value') {
      operands.push(isStopValue(token.text) ? STOP : { kind: 'value', text: token.text });
    } else if (token.kind === 'stop') {
      operands.push(STOP);
    } else {
      const priority = PRIORITY[token.operator];
      for (;;) {
        const top = operators.at(-1);
        if (top === undefined) break;
        const stays = token.operator === 'not' ? priority >= PRIORITY[top] : priority > PRIORITY[top];
        if (stays) break;
        operators.pop();
        apply(top, operands);
      }
      operators.push(token.operator);
    }
  }
  for (let operator = operators.pop(); operator !== undefined; operator = operators.pop()) apply(operator, operands);
  const tree = operands.pop();
  return tree === undefined || tree === STOP ? undefined : tree;
}
