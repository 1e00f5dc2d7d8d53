import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  SHORTCUTS,
  describeCombo,
  isMacPlatform,
  type ShortcutDefinition,
} from '../../lib/keyboard-shortcuts';

const SECTIONS: { heading: string; scope: ShortcutDefinition['scope'] }[] = [
  { heading: 'In the chapter text', scope: 'editor' },
  { heading: 'In the story workspace', scope: 'workspace' },
  { heading: 'Everywhere', scope: 'everywhere' },
];

const ON_MAC = isMacPlatform();

/**
 * The 'Keyboard shortcuts' dialog (opened by `KeyboardShortcutsHelp`). It lists every shortcut from the one
 * definition the handlers match against, so the list cannot drift.
 */
export function KeyboardShortcutsDialog({ open, onClose: close }: { open: boolean; onClose: () => void }) {
  const shortcuts = Object.values(SHORTCUTS) as ShortcutDefinition[];

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="keyboard-shortcuts-title">
      <DialogTitle id="keyboard-shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        {SECTIONS.map(({ heading, scope }) => (
          <Table key={scope} size="small" aria-label={heading} sx={{ mb: 2 }}>
            <caption style={{ captionSide: 'top', padding: 0 }}>
              <Typography variant="subtitle2" component="span" color="text.primary">
                {heading}
              </Typography>
            </caption>
            <TableBody>
              {shortcuts
                .filter((shortcut) => shortcut.scope === scope)
                .map((shortcut) => (
                  <TableRow key={shortcut.label}>
                    <TableCell component="th" scope="row">
                      {shortcut.label}
                    </TableCell>
                    <TableCell align="right">
                      <Typography
                        component="kbd"
                        variant="body2"
                        sx={{ fontFamily: 'monospace', fontWeight: 600 }}
                      >
                        {describeCombo(shortcut.combo, ON_MAC)}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ))}
            </TableBody>
          </Table>
        ))}
        <Typography variant="body2" color="text.secondary">
          Esc leaves focus mode. Press ? outside a text field to open this list again.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
