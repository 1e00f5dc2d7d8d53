import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listProducts, registerCustomer, subscribe, updatePaymentMethod } from '../../../api/billing';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/user/user-context';
import {
  CUSTOMER_REGISTRATION_FAILED,
  PRODUCTS_FAILED,
  subscribeFailureMessage,
  welcomeAlert,
} from '../billing-messages';
import { CardEntry, type EnteredCard } from '../components/card-entry';

/**
 * Spec §2 /subscribe: the plan on offer, card entry (which saves the card as the author's default once
 * complete), then 'Subscribe with {BRAND} ending in {last4}' and CONFIRM. After subscribing: the 'Welcome'
 * toast, premium features open at once (the user is looked up again), and back to where the author came from.
 */
export function SubscribePage() {
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const { refresh } = useUser();
  const customer = useQuery({ queryKey: ['billing', 'customer'], queryFn: registerCustomer });
  const products = useQuery({ queryKey: ['billing', 'products'], queryFn: listProducts });
  const [enteredCard, setEnteredCard] = useState<EnteredCard | null>(null);
  const [changingCard, setChangingCard] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const product = products.data?.[0];
  const savedCard = customer.data?.payment_methods.find((method) => method.is_default);
  const card = enteredCard ?? savedCard ?? null;
  const showCardEntry = card === null || changingCard;

  const saveCard = async (entered: EnteredCard) => {
    if (!customer.data) throw new Error('No customer to attach the card to.');
    await updatePaymentMethod({ customer_id: customer.data.id, payment_method_id: entered.id });
    setEnteredCard(entered);
    setChangingCard(false);
    setFailure(null);
  };

  const confirm = async () => {
    if (!customer.data || !product || !card) return;
    setSubscribing(true);
    setFailure(null);
    try {
      const subscription = await subscribe({
        customer_id: customer.data.id,
        payment_method_id: card.id,
        price_id: product.price_id,
      });
      showAlert(welcomeAlert(subscription.period_end));
      await refresh().catch((error: unknown) =>
        console.error('Looking up the new subscription failed.', error),
      );
      // Back where the author came from; straight to the stories when /subscribe was opened directly.
      if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
      else void navigate(paths.stories.getHref());
    } catch (error) {
      console.error('Subscribing failed.', error);
      setFailure(subscribeFailureMessage(error));
    } finally {
      setSubscribing(false);
    }
  };

  return (
    <PageLayout title="Subscribe">
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Subscribe
        </Typography>
        {customer.isError && <Alert severity="error">{CUSTOMER_REGISTRATION_FAILED}</Alert>}
        {products.isError && <Alert severity="error">{PRODUCTS_FAILED}</Alert>}
        {product && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              {product.name}
            </Typography>
            <Typography color="text.secondary">{product.description}</Typography>
          </Paper>
        )}
        {customer.isSuccess && product && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            {card && !changingCard && (
              <Box sx={{ mb: 2 }}>
                <Typography sx={{ mb: 1 }}>
                  Subscribe with {card.brand.toUpperCase()} ending in {card.last_four}
                </Typography>
                <Button variant="text" onClick={() => setChangingCard(true)} sx={{ px: 0 }}>
                  Change Payment Method
                </Button>
              </Box>
            )}
            {showCardEntry && <CardEntry onCard={saveCard} submitLabel="UPDATE" />}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            )}
            {!showCardEntry && (
              <Button variant="contained" onClick={() => void confirm()} disabled={subscribing}>
                CONFIRM
              </Button>
            )}
          </Paper>
        )}
      </Box>
    </PageLayout>
  );
}
