import { expect, test } from './fixtures/content-security-policy';
import { signIn, uniqueEmail } from './fixtures/sign-in';

test('the page runs under CloudFront’s Content-Security-Policy, which refuses an injected inline script', async ({
  page,
  contentSecurityPolicyViolations,
}) => {
  await signIn(page, uniqueEmail('csp'));
  await page.goto('/stories');

  // An inline script runs as it is inserted, or never.
  const injectedRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "yes"';
    document.body.append(script);
    return document.body.dataset.injected === 'yes';
  });

  expect(injectedRan).toBe(false);
  await expect.poll(() => contentSecurityPolicyViolations).toEqual([expect.stringContaining('script-src')]);
  // Seen and expected: what remains must be empty for the fixture's own check.
  contentSecurityPolicyViolations.length = 0;
});
