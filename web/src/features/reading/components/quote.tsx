import Typography from '@mui/material/Typography';

/** The words a comment or suggestion is about, as a short indented quotation. */
export function Quote({ text, onClick }: { text: string; onClick?: () => void }) {
  return (
    <Typography
      component={onClick ? 'button' : 'blockquote'}
      type={onClick ? 'button' : undefined}
      onClick={onClick}
      variant="body2"
      sx={{
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
        m: 0,
        pl: 1.5,
        py: 0.25,
        width: '100%',
        textAlign: 'left',
        fontStyle: 'italic',
        color: 'text.secondary',
        background: 'none',
        border: 0,
        borderLeft: 3,
        borderColor: 'divider',
        cursor: onClick ? 'pointer' : undefined,
      }}
    >
      {text}
    </Typography>
  );
}
