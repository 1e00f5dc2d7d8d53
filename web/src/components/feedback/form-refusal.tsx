import Typography from '@mui/material/Typography';

/** Why the server refused what a form sent, said beside the form (nothing while there is no refusal). */
export function FormRefusal({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Typography role="alert" color="error" variant="body2">
      {message}
    </Typography>
  );
}
