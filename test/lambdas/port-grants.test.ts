import { describe, expect, it } from 'vitest';
import { grantDefinitions, PortNotGrantedError, portGrants, refusedPort } from '../../lambdas/port-grants';
import type { BlobStore } from '../../lambdas/domain/ports';

describe('the ports an access grants', () => {
  it('grants each port its access names, and no other', () => {
    const grants = portGrants({ table: 'read', buckets: { exports: 'read' }, queues: ['export'] });

    expect(grants).toEqual({
      repositories: true,
      blobs: true,
      queue: true,
      identity: false,
      billing: false,
    });
  });

  it('grants no bucket or queue port for an empty list of them', () => {
    const grants = portGrants({ table: 'readWrite', buckets: {}, queues: [], identity: true });

    expect(grants).toMatchObject({ blobs: false, queue: false, identity: true });
  });

  it("writes one literal per port into the bundle's define", () => {
    const definitions = grantDefinitions({ table: 'readWrite', billing: true });

    expect(definitions).toEqual({
      LOREWEAVER_GRANTS_REPOSITORIES: 'true',
      LOREWEAVER_GRANTS_BLOBS: 'false',
      LOREWEAVER_GRANTS_QUEUE: 'false',
      LOREWEAVER_GRANTS_IDENTITY: 'false',
      LOREWEAVER_GRANTS_BILLING: 'true',
    });
  });
});

describe('a port not granted', () => {
  it('throws, naming the port and what was used, at the first touch', () => {
    const blobs = refusedPort<BlobStore>('blobs');

    expect(() => blobs.put('images', 'key', new Uint8Array(), 'image/png')).toThrow(PortNotGrantedError);
    expect(() => blobs.deletePrefix).toThrow(/"blobs" port \(used: deletePrefix\).*lambdas\/routes\.ts/);
  });
});
