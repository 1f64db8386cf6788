interface Instruction {
  keyword: string;
  argument: string;
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): Instruction[] {
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), argument: rest.join(' ') };
    });
}

/**
 * The image rules the brief sets: every stage starts from the one Node base image (or an earlier
 * stage), production dependencies only in what runs, and the last stage runs as a numeric
 * non-root user, which Kubernetes' runAsNonRoot can verify.
 */
export function dockerfileViolations(text: string, baseImage: string): string[] {
  const instructions = parseDockerfile(text);
  const defaults = new Map<string, string>();
  const stages: string[] = [];
  const violations: string[] = [];
  let lastStageStart = -1;
  instructions.forEach(({ keyword, argument }, index) => {
    if (keyword === 'ARG' && lastStageStart === -1) {
      const [name = '', value = ''] = argument.split('=');
      defaults.set(name, value);
    }
    if (keyword !== 'FROM') return;
    lastStageStart = index;
    const [image = '', , alias] = argument.replace(/--platform=\S+\s+/, '').split(/\s+/);
    const resolved = image.replace(/^\$\{?(\w+)\}?$/, (_match, name: string) => defaults.get(name) ?? image);
    if (resolved !== baseImage && !stages.includes(resolved)) violations.push(`stage ${alias ?? stages.length} starts from ${resolved}, not ${baseImage}`);
    stages.push(alias ?? String(stages.length));
  });
  const runtime = instructions.slice(lastStageStart);
  const user = runtime.filter(({ keyword }) => keyword === 'USER').at(-1)?.argument;
  const uid = user?.split(':')[0];
  if (!uid || !/^\d+$/.test(uid) || uid === '0') violations.push(`the final stage runs as ${user ?? 'root'}, not a numeric non-root user`);
  if (!runtime.some(({ keyword }) => keyword === 'CMD' || keyword === 'ENTRYPOINT')) violations.push('the final stage has no CMD or ENTRYPOINT');
  if (!instructions.some(({ keyword, argument }) => keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(argument))) {
    violations.push('no stage installs production dependencies with npm ci --omit=dev');
  }
  return violations;
}

/** The build context must leave out what would be large, stale or secret. */
export function dockerignoreViolations(text: string, required: readonly string[]): string[] {
  const patterns = new Set(text.split(/\r?\n/).map((line) => line.trim()));
  return required.filter((pattern) => !patterns.has(pattern)).map((pattern) => `the build context does not exclude ${pattern}`);
}

/** The ports the image declares (EXPOSE), each instruction's list and ranges (8080-8088) expanded. */
export function exposedPorts(text: string): number[] {
  return parseDockerfile(text)
    .filter(({ keyword }) => keyword === 'EXPOSE')
    .flatMap(({ argument }) => argument.split(/\s+/))
    .flatMap((entry) => {
      const [from, to = from] = entry.replace(/\/\w+$/, '').split('-').map(Number);
      return from === undefined || to === undefined ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
    });
}
