import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paymentMethodQuery, updatePaymentMethod } from '../../../api/billing';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/user/user-context';
import { PAYMENT_METHOD_UPDATED } from '../billing-messages';
import { brandName } from '../card-brand';
import { CardEntry, type EnteredCard } from '../components/card-entry';

/** Spec §2 /payment: the card on file and a new one to replace it; /subscribe for an author without a customer. */
export function PaymentPage() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const customerId = user?.customer_id ?? '';
  const current = useQuery({ ...paymentMethodQuery(), enabled: customerId !== '' });
  const [updated, setUpdated] = useState(false);

  if (customerId === '') return <Navigate to={paths.subscribe.getHref()} replace />;

  const replaceCard = async (card: EnteredCard) => {
    setUpdated(false);
    await updatePaymentMethod({ customer_id: customerId, payment_method_id: card.id });
    await queryClient.invalidateQueries({ queryKey: paymentMethodQuery().queryKey });
    setUpdated(true);
  };

  const method = current.data;
  return (
    <PageLayout title="Update your Card">
      <Box sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          Update your Card
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {method && (
            <Typography sx={{ mb: 2 }}>
              Current card: {brandName(method.brand)} ending in {method.last_four}, expires{' '}
              {String(method.expiration_month).padStart(2, '0')}/{method.expiration_year}
            </Typography>
          )}
          {current.isSuccess && !method && (
            <Typography sx={{ mb: 2 }} color="text.secondary">
              No card is on file.
            </Typography>
          )}
          <CardEntry onCard={replaceCard} submitLabel="Update" />
          {updated && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {PAYMENT_METHOD_UPDATED}
            </Alert>
          )}
        </Paper>
      </Box>
    </PageLayout>
  );
}
