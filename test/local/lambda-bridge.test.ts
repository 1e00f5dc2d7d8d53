import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../lambdas/routes';
import { compileRoutes } from '../../local/lambda-bridge';

const route = (method: RouteDefinition['method'], path: string): RouteDefinition => ({
  method,
  path,
  handler: `handler-for ${method} ${path}`,
  access: {},
});

describe('compileRoutes', () => {
  const router = compileRoutes([
    route('GET', '/api/stories/{id}'),
    route('GET', '/api/stories/{id}/full'),
    route('PUT', '/api/stories/{id}'),
    route('GET', '/api/stories/{id}/associations/thumbs'),
    route('GET', '/api/stories/{story_id}/associations/{association_id}'),
  ]);

  it('matches method and path, and decodes path parameters', () => {
    const match = router.match('GET', '/api/stories/a%20b/full');

    expect(match?.definition.path).toBe('/api/stories/{id}/full');
    expect(match?.pathParameters).toEqual({ id: 'a b' });
  });

  it('prefers the route with more literal segments, as API Gateway does', () => {
    const match = router.match('GET', '/api/stories/s1/associations/thumbs');

    expect(match?.definition.path).toBe('/api/stories/{id}/associations/thumbs');
  });

  it('does not match another method or a longer path', () => {
    expect(router.match('DELETE', '/api/stories/s1')).toBeUndefined();
    expect(router.match('GET', '/api/stories/s1/full/extra')).toBeUndefined();
  });

  it('does not take a trailing slash as a match of the shorter route, as API Gateway does not', () => {
    expect(router.match('GET', '/api/stories/s1/')).toBeUndefined();
    expect(router.match('PUT', '/api/stories/s1/')).toBeUndefined();
  });

  it('matches no route for a parameter whose percent-encoding is malformed', () => {
    expect(router.match('GET', '/api/stories/%ZZ')).toBeUndefined();
    expect(router.match('GET', '/api/stories/%')).toBeUndefined();
  });

  it('takes one segment per parameter', () => {
    expect(router.match('GET', '/api/stories/s1/associations/a1')?.pathParameters).toEqual({
      story_id: 's1',
      association_id: 'a1',
    });
  });
});
