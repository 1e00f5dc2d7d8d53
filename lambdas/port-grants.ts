import type { RouteAccess } from './routes';

/**
 * The ports a function's `access` grants, one by one. The configuration, logger and clock come with every
 * function; so do the sample images, whose URL the stack sets only where `sampleImages` is granted and whose
 * absence already means "generate the cover".
 */
export type GrantablePort = 'repositories' | 'blobs' | 'queue' | 'identity' | 'billing';

export type PortGrants = Record<GrantablePort, boolean>;

export function portGrants(access: RouteAccess): PortGrants {
  return {
    repositories: access.table !== undefined,
    blobs: Object.keys(access.buckets ?? {}).length > 0,
    queue: (access.queues ?? []).length > 0,
    identity: access.identity === true,
    billing: access.billing === true,
  };
}

/**
 * The constant that tells a Lambda bundle whether its function holds each port; `lambdas/composition.ts`
 * declares the same names.
 */
const GRANT_CONSTANTS: Record<GrantablePort, string> = {
  repositories: 'LOREWEAVER_GRANTS_REPOSITORIES',
  blobs: 'LOREWEAVER_GRANTS_BLOBS',
  queue: 'LOREWEAVER_GRANTS_QUEUE',
  identity: 'LOREWEAVER_GRANTS_IDENTITY',
  billing: 'LOREWEAVER_GRANTS_BILLING',
};

/**
 * esbuild's `define` for the bundle of a function with this access: each grant constant replaced by `true` or
 * `false`, which makes the adapters of the ports not granted dead code, left out of the bundle.
 */
export function grantDefinitions(access: RouteAccess): Record<string, string> {
  const grants = portGrants(access);
  return Object.fromEntries(
    (Object.keys(GRANT_CONSTANTS) as GrantablePort[]).map((port) => [
      GRANT_CONSTANTS[port],
      String(grants[port]),
    ]),
  );
}

/** Thrown by any use of a port the function's access does not grant: a bug in the route table or the code. */
export class PortNotGrantedError extends Error {
  constructor(port: GrantablePort, used: PropertyKey) {
    super(
      `This function's access does not grant the "${port}" port (used: ${String(used)}): ` +
        'name what it needs in its access in lambdas/routes.ts',
    );
    this.name = 'PortNotGrantedError';
  }
}

/**
 * What a function holds in place of a port its access does not grant: reading anything from it throws, so
 * touching it fails loudly instead of reaching a resource the function has no permission for.
 */
export function refusedPort<Port extends object>(port: GrantablePort): Port {
  return new Proxy({} as Port, {
    get(_target, property) {
      throw new PortNotGrantedError(port, property);
    },
  });
}
