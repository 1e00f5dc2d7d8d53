import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { paymentMethodQuery } from '../../../api/billing';
import { updateRenewal } from '../../../api/user';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { useUser } from '../../../lib/user/user-context';
import { settingsToggleFailedAlert } from '../settings-messages';
import { brandName } from '../../billing';
import { AppearanceSettings } from '../components/appearance-settings';
import { DeleteAccountSection } from '../components/delete-account-section';
import { DownloadAllSection } from '../components/download-all-section';
import { OfflineSection } from '../components/offline-section';
import { RecentlyDeletedSection } from '../components/recently-deleted-section';

/**
 * Spec §2 /settings and §4 Subscription. Without a customer or a subscription: a 'Subscribe' toggle (which
 * the server answers with /subscribe) and the 'Subscribe' button. With both: the 'Auto-Renew Subscription'
 * toggle showing whether it renews, the card it is paid with and 'Change Payment Method'. Below, the
 * account's own tools (issue 16): 'Download all my stories', 'Recently deleted' and, last, 'Delete my account'.
 */
export function SettingsPage() {
  const { user, setUser } = useUser();
  const navigate = useNavigate();
  const subscribed = !!user && user.customer_id !== '' && user.subscription_id !== '';
  const card = useQuery({ ...paymentMethodQuery(), enabled: subscribed });

  const renewal = useAlertingMutation({
    mutationFn: updateRenewal,
    failureLog: 'Changing auto-renewal failed.',
    failureAlert: settingsToggleFailedAlert,
    onSuccess: (outcome) => {
      if (outcome.kind === 'no_subscription') void navigate(paths.subscribe.getHref());
      else setUser(outcome.user);
    },
  });

  const checked = subscribed ? (renewal.isPending ? renewal.variables : user.renewing) : false;

  return (
    <PageLayout title="Account Settings">
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Account Settings
        </Typography>
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <FormControlLabel
              control={
                <Switch
                  checked={checked}
                  disabled={renewal.isPending}
                  onChange={(event) => renewal.mutate(event.target.checked)}
                />
              }
              label={subscribed ? 'Auto-Renew Subscription' : 'Subscribe'}
            />
            {subscribed ? (
              <Box sx={{ mt: 2 }}>
                {card.data && (
                  <Typography sx={{ mb: 1 }}>
                    Subscribed via {brandName(card.data.brand)} ending in {card.data.last_four}
                  </Typography>
                )}
                <Button variant="outlined" component={RouterLink} to={paths.payment.getHref()}>
                  Change Payment Method
                </Button>
              </Box>
            ) : (
              <Box sx={{ mt: 2 }}>
                <Typography sx={{ mb: 1.5 }}>Subscribe and gain access to premium features.</Typography>
                <Button variant="contained" component={RouterLink} to={paths.subscribe.getHref()}>
                  Subscribe
                </Button>
              </Box>
            )}
          </Paper>
          <AppearanceSettings />
          <DownloadAllSection />
          <OfflineSection />
          <RecentlyDeletedSection />
          <DeleteAccountSection />
        </Stack>
      </Box>
    </PageLayout>
  );
}
