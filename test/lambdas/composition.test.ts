import { describe, expect, it } from 'vitest';
import { createAwsPorts } from '../../lambdas/composition';
import { testConfig } from '../helpers/ports';

describe('the AWS composition outside a Lambda bundle', () => {
  it('builds every port, as the embedded runtime and the tests need', () => {
    const ports = createAwsPorts(testConfig());

    expect(typeof ports.repositories.commit).toBe('function');
    expect(typeof ports.blobs.put).toBe('function');
    expect(typeof ports.queue.send).toBe('function');
    expect(typeof ports.identity.startSignIn).toBe('function');
    expect(typeof ports.billing.connect).toBe('function');
    expect(ports.localCards).toBeUndefined();
  });

  it("offers the local provider's card form where the local provider is chosen", () => {
    const ports = createAwsPorts(testConfig({ RUNTIME: 'embedded' }));

    expect(ports.localCards).toBe(ports.billing.billing);
  });
});
