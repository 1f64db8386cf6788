import { runCli, type CliIo } from './cli';
import { NOUNS } from './commands';

/** Splits an example command line like a shell would (single and double quotes). */
const words = (line: string): string[] => [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');

async function radar(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    // `radar mcp` with a token serves stdio until its input closes; without one it stops at
    // MISSING_AUTH_HEADER, after its flags were read.
    env: () => ({ OPERATOR_SECRET: 'operator-secret-for-unit-tests-0123456789', ...(argv[0] === 'mcp' ? {} : { RADAR_TOKEN: 'rdr_unit_test_token' }) }),
    // Every call "succeeds" with an empty object: enough to get past the flags.
    fetch: async () => Response.json({}),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const verbs = NOUNS.flatMap((noun) => noun.verbs.map((verb) => ({ noun: noun.name, verb })));

describe('radar --help', () => {
  it.each(verbs.map(({ noun, verb }) => [`${noun} ${verb.name}`, noun, verb] as const))('radar %s has examples that use every one of its flags', (_label, noun, verb) => {
    expect(verb.examples?.length).toBeGreaterThan(0);
    const used = new Set((verb.examples ?? []).flatMap(words).filter((word) => word.startsWith('--')));
    for (const flag of verb.flags) expect(used).toContain(flag.flags.split(' ')[0]);
    for (const example of verb.examples ?? []) {
      const [program, ...rest] = words(example);
      expect(program).toBe('radar');
      expect(rest[0]).toBe(noun);
    }
  });

  it.each(verbs.flatMap(({ verb }) => (verb.examples ?? []).map((example) => [example] as const)))('accepts its own example %s', async (example) => {
    const run = await radar(words(example).slice(1));
    // Whatever the fake answered, the flags and arguments were accepted.
    expect(run.code).not.toBe(2);
  });

  it.each(verbs.map(({ noun, verb }) => [`${noun} ${verb.name}`] as const))('radar %s --help shows its examples and every flag', async (command) => {
    const run = await radar([...command.split(' '), '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Examples:\n  $ radar ');
    expect(run.stdout).toContain('--json');
  });

  it('prints its version with --version', async () => {
    const run = await radar(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(process.env.RADAR_BUILD_VERSION || 'development');
  });

  it('suggests the closest flag for an unknown one, on one line', async () => {
    const run = await radar(['dataset', 'load', '--compnies', '5']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stderr)).toEqual({ error: { code: 'USAGE_ERROR', message: "unknown option '--compnies' (did you mean --companies?)" } });
  });

  it('suggests the closest command for an unknown one', async () => {
    const run = await radar(['jbos', 'list']);
    expect(JSON.parse(run.stderr).error.message).toBe("unknown command 'jbos' (did you mean jobs?)");
  });

  it('runs radar status for the noun alone', async () => {
    const run = await radar(['status']);
    // The fake's empty answer is no status document: the call was made.
    expect(JSON.parse(run.stderr).error.code).toBe('UNEXPECTED_RESPONSE');
  });
});
