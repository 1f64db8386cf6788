/** A text-search query as PostgreSQL prints a tsquery, without phrase operators, weights or prefixes. */
export type QueryNode =
  | { kind: 'lexeme'; lexeme: string }
  | { kind: 'not'; operand: QueryNode }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode };

type Token = { kind: 'lexeme'; lexeme: string } | { kind: '&' | '|' | '!' | '(' | ')' };

/** Thrown inside the parser for what the postings cannot answer; parseTsQuery answers undefined. */
class Unsupported extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char === ' ') {
      at += 1;
    } else if (char === '&' || char === '|' || char === '!' || char === '(' || char === ')') {
      tokens.push({ kind: char });
      at += 1;
    } else if (char === "'") {
      // A quoted lexeme: '' is a quote, a backslash takes the next character as it is.
      let lexeme = '';
      at += 1;
      for (;;) {
        const next = text[at];
        if (next === undefined) throw new Unsupported('unterminated lexeme');
        if (next === '\\') {
          lexeme += text[at + 1] ?? '';
          at += 2;
        } else if (next === "'" && text[at + 1] === "'") {
          lexeme += "'";
          at += 2;
        } else if (next === "'") {
          at += 1;
          break;
        } else {
          lexeme += next;
          at += 1;
        }
      }
      // ':*' (prefix) or ':AB' (weights) restrict the match in ways the postings do not record.
      if (text[at] === ':') throw new Unsupported('weighted or prefix lexeme');
      tokens.push({ kind: 'lexeme', lexeme });
    } else {
      // '<->' and '<N>': phrases need word positions.
      throw new Unsupported(`operator ${char}`);
    }
  }
  return tokens;
}

/**
 * The tree of a tsquery's text (`'suppli' & 'chain' & !'softwar'`): `!` binds tightest, then
 * `&`, then `|`. Undefined for an empty query and for phrase operators, weights and prefixes
 * (the caller counts those live).
 */
export function parseTsQuery(text: string): QueryNode | undefined {
  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  if (tokens.length === 0) return undefined;
  let at = 0;
  const peek = (): Token | undefined => tokens[at];
  const expect = (kind: Token['kind']): void => {
    if (tokens[at]?.kind !== kind) throw new Unsupported(`expected ${kind}`);
    at += 1;
  };
  const primary = (): QueryNode => {
    const token = peek();
    if (token?.kind === '!') {
      at += 1;
      return { kind: 'not', operand: primary() };
    }
    if (token?.kind === '(') {
      at += 1;
      const inner = or();
      expect(')');
      return inner;
    }
    if (token?.kind === 'lexeme') {
      at += 1;
      return { kind: 'lexeme', lexeme: token.lexeme };
    }
    throw new Unsupported('expected a lexeme');
  };
  const and = (): QueryNode => {
    let node = primary();
    while (peek()?.kind === '&') {
      at += 1;
      node = { kind: 'and', left: node, right: primary() };
    }
    return node;
  };
  const or = (): QueryNode => {
    let node = and();
    while (peek()?.kind === '|') {
      at += 1;
      node = { kind: 'or', left: node, right: and() };
    }
    return node;
  };
  try {
    const tree = or();
    return at === tokens.length ? tree : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

/** Every lexeme the tree names. */
export function lexemesOf(node: QueryNode): string[] {
  switch (node.kind) {
    case 'lexeme':
      return [node.lexeme];
    case 'not':
      return lexemesOf(node.operand);
    default:
      return [...lexemesOf(node.left), ...lexemesOf(node.right)];
  }
}
