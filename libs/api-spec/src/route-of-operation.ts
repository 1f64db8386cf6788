import { PUBLIC_ROUTES, type PublicOperation, type PublicRoute } from '@radar/contracts';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An Express path of the route table (`/companies/:company_id`, `/monitors/*rest`) as a regular expression. */
function pathPattern(expressPath: string): RegExp {
  const segments = expressPath.split('/').map((segment) => {
    if (segment.startsWith(':')) return '[^/]+';
    if (segment.startsWith('*')) return '.+';
    return escapeRegExp(segment);
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * The gateway route that serves an operation: the first of the table with its method whose path
 * matches the operation's (Express takes the first match too). Undefined when the gateway has none.
 */
export function routeOf(operation: Pick<PublicOperation, 'method' | 'path'>, routes: readonly PublicRoute[] = PUBLIC_ROUTES): PublicRoute | undefined {
  const concretePath = operation.path.replace(/\{[^}]+\}/g, 'id');
  return routes.find((route) => route.method === operation.method && pathPattern(route.path).test(concretePath));
}
