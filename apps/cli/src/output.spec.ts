import { CliError } from './cli-error';
import { errorDocument, formatJson } from './output';

describe('output', () => {
  it('writes one compact JSON line for scripts (pipes, files)', () => {
    expect(formatJson({ user_id: 'u1', role: 'admin' }, { isTTY: false })).toBe('{"user_id":"u1","role":"admin"}\n');
  });

  it('indents the JSON for a person at a terminal', () => {
    expect(formatJson({ user_id: 'u1' }, { isTTY: true })).toBe('{\n  "user_id": "u1"\n}\n');
  });

  it('shapes a failure as {error: {code, message}} and nothing else', () => {
    expect(errorDocument(new CliError('NOT_FOUND', 'No user x'))).toEqual({ error: { code: 'NOT_FOUND', message: 'No user x' } });
  });
});
