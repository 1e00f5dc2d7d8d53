import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertOptions } from '../../../../web/src/components/alerts/alert-types';
import { AlertsContext } from '../../../../web/src/components/alerts/alerts-context';
import { SubscriptionAlerts } from '../../../../web/src/features/billing/components/subscription-alerts';
import { UserContext, type User } from '../../../../web/src/lib/user/user-context';
import { buildUser } from '../../helpers/render-app';

const NOW = new Date('2026-11-23T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

function renderAlerts(user: User) {
  const showAlert = vi.fn<(alert: AlertOptions) => void>();
  const view = render(
    <AlertsContext.Provider value={{ showAlert, closeAlert: vi.fn() }}>
      <UserContext.Provider
        value={{
          user,
          isSignedIn: true,
          isSubscriber: false,
          refresh: vi.fn(),
          setUser: vi.fn(),
          signOut: vi.fn(),
          leaveDeletedAccount: vi.fn(),
        }}
      >
        <SubscriptionAlerts />
      </UserContext.Provider>
    </AlertsContext.Provider>,
  );
  return { showAlert, view };
}

describe('the subscription alerts (spec §4), on a fixed clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns that an ended subscription has expired, offering to subscribe, until dismissed', () => {
    const { showAlert } = renderAlerts(
      buildUser({ subscription_id: '', expired: true, expires_at: String(nowSeconds - 60) }),
    );

    expect(showAlert).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Subscription Expired',
        severity: 'warning',
        timeout: null,
        callback: { type: 'subscribe', text: 'Subscribe' },
      }),
    );
  });

  it('warns of a subscription that does not renew and ends within 24 hours, offering to renew', () => {
    const { showAlert } = renderAlerts(
      buildUser({ subscription_id: 'sub_1', renewing: false, expires_at: String(nowSeconds + 3_600) }),
    );

    expect(showAlert).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Subscription Expiring',
        timeout: null,
        callback: { type: 'renew', text: 'Renew' },
      }),
    );
    expect(showAlert.mock.calls[0]?.[0].message).toContain(
      new Date((nowSeconds + 3_600) * 1000).toLocaleString(),
    );
  });

  it('says nothing to a renewing subscriber, one ending in more than 24 hours, or a free account', () => {
    for (const user of [
      buildUser({ subscription_id: 'sub_1', renewing: true, expires_at: String(nowSeconds + 3_600) }),
      buildUser({ subscription_id: 'sub_1', renewing: false, expires_at: String(nowSeconds + 90_000) }),
      buildUser({ subscription_id: '' }),
    ]) {
      const { showAlert, view } = renderAlerts(user);
      expect(showAlert).not.toHaveBeenCalled();
      view.unmount();
    }
  });
});
