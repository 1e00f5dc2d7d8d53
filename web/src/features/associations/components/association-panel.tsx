import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Association } from '../../../../../shared/schemas/associations';
import { associationTypeLabel } from '../../../editor/nodes/association-node';
import { MENTION_LOOKS } from '../../../editor/plugins/association-mention-plugin/mention-styles';
import type { AssociationPanelController } from '../hooks/use-association-panel';
import { useStoryAssociations } from '../story-associations-context';
import { AppearancesSection } from './appearances-section';
import { AssociationPortrait } from './association-portrait';
import { FactsSection } from './facts-section';
import { RenameAssociationDialog } from './rename-association-dialog';
import { SeriesSharingSwitch } from './series-sharing-switch';
import { SummaryField } from './summary-field';

interface AssociationFieldsProps {
  association: Association;
  readOnly: boolean;
  panel: AssociationPanelController;
}

/** Summary, Background, Aliases and Case-Sensitive (spec §2); text fields apply when they lose focus. */
function AssociationFields({ association, readOnly, panel }: AssociationFieldsProps) {
  const [background, setBackground] = useState(association.details.extended_description);
  const [aliases, setAliases] = useState(association.aliases);
  const [aliasesError, setAliasesError] = useState<string | undefined>(undefined);

  return (
    <Stack spacing={2.5}>
      <SummaryField
        initialValue={association.short_description}
        readOnly={readOnly}
        autoFocus={!readOnly && panel.state.focusSummary === true}
        onCommit={(summary) => panel.applyEdits({ short_description: summary })}
      />
      <TextField
        label="Background"
        multiline
        minRows={5}
        fullWidth
        value={background}
        onChange={(event) => setBackground(event.target.value)}
        onBlur={() => {
          if (!readOnly) panel.applyEdits({ background });
        }}
        slotProps={{ htmlInput: { readOnly } }}
      />
      <TextField
        label="Aliases (comma separated)"
        fullWidth
        value={aliases}
        onChange={(event) => {
          setAliases(event.target.value);
          setAliasesError(undefined);
        }}
        onBlur={() => {
          // Spec §5: aliases that repeat the name or each other are refused, with the spec's message.
          if (!readOnly) setAliasesError(panel.applyEdits({ aliases }));
        }}
        error={aliasesError !== undefined}
        helperText={aliasesError}
        slotProps={{ htmlInput: { readOnly }, formHelperText: { role: 'alert' } }}
      />
      <FormControlLabel
        label="Case-Sensitive"
        disabled={readOnly}
        control={
          <Checkbox
            checked={association.case_sensitive}
            onChange={(event) => setAliasesError(panel.applyEdits({ case_sensitive: event.target.checked }))}
          />
        }
      />
    </Stack>
  );
}

/**
 * The association side panel (spec §2, §4): from the right edge, a header with the kind, the name and the
 * portrait, then the association's fields. Read-only until the association has loaded, with a loading
 * overlay meanwhile. Beside the manuscript on wide screens, so another mention can be clicked while it is
 * open; over the page on narrow ones.
 */
export function AssociationPanel() {
  const { storyId, associations, panel } = useStoryAssociations();
  const { state } = panel;
  const docked = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const typeId = useId();
  const nameId = useId();
  const paperRef = useRef<HTMLElement | null>(null);
  const [renaming, setRenaming] = useState(false);

  const listed = associations?.find((item) => item.association_id === state.associationId);
  // Until the details arrive, what the list knows is shown, locked.
  const shown: Association | null =
    state.draft ?? (listed ? { ...listed, details: { extended_description: '' } } : null);
  const readOnly = state.phase !== 'editing';

  const close = () => {
    // A field being edited applies as it loses focus, before the panel saves and closes.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && paperRef.current?.contains(focused)) focused.blur();
    panel.closePanel();
  };

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <Drawer
      anchor="right"
      open={state.open}
      onClose={close}
      variant={docked ? 'persistent' : 'temporary'}
      slotProps={{
        paper: {
          ref: paperRef,
          component: 'aside',
          'aria-labelledby': `${typeId} ${nameId}`,
          'aria-busy': state.phase === 'loading',
          onKeyDown: closeOnEscape,
          sx: (theme) => ({
            // Beside the manuscript on wide screens, as wide as the chapters flyout; the whole width on phones.
            width: { xs: '100%', sm: theme.layout.sidePanelWidth },
            bgcolor: 'background.paper',
            ...(docked && {
              // Below the app header (docking happens from `md` up, where it is at its `sm` height).
              top: theme.layout.headerHeight.sm,
              height: `calc(100% - ${theme.layout.headerHeight.sm}px)`,
              zIndex: theme.zIndex.appBar,
              borderLeft: `1px solid ${theme.palette.divider}`,
              boxShadow: theme.shadows[8],
            }),
          }),
        },
      }}
    >
      {shown && (
        <>
          <Box
            component="header"
            sx={{
              px: 2.5,
              pt: 1.5,
              pb: 2,
              borderTop: `4px solid ${MENTION_LOOKS[shown.association_type].line}`,
            }}
          >
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ flex: '1 1 auto', minWidth: 0, pt: 0.5 }}>
                <Typography
                  id={typeId}
                  variant="overline"
                  color="text.secondary"
                  // Spec §2: the type is shown capitalised per word ('Character'), not in capitals.
                  sx={{ lineHeight: 1.6, textTransform: 'none', fontSize: '0.85rem' }}
                >
                  {associationTypeLabel(shown.association_type)}
                </Typography>
                <Typography id={nameId} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                  {shown.association_name}
                </Typography>
              </Box>
              <IconButton
                aria-label={`Rename ${shown.association_name}`}
                onClick={() => setRenaming(true)}
                disabled={readOnly}
              >
                <EditOutlined />
              </IconButton>
              <IconButton aria-label="Close association panel" onClick={close} edge="end">
                <Close />
              </IconButton>
            </Box>
            <Box sx={{ mt: 2 }}>
              <AssociationPortrait
                name={shown.association_name}
                portraitUrl={shown.portrait}
                disabled={readOnly}
                onFileAccepted={(file) => void panel.replacePortrait(file)}
              />
            </Box>
          </Box>
          <Divider />
          <Box sx={{ px: 2.5, py: 2.5 }}>
            {listed && (
              <Box sx={{ mb: 2.5 }}>
                <SeriesSharingSwitch storyId={storyId} association={listed} disabled={readOnly} />
              </Box>
            )}
            <AssociationFields
              // New fields for each association, and once its details replace what the list knew.
              key={`${shown.association_id}:${state.original ? 'loaded' : 'listed'}`}
              association={shown}
              readOnly={readOnly}
              panel={panel}
            />
          </Box>
          <Divider />
          {state.original && (
            <>
              <Box sx={{ px: 2.5, py: 2.5 }}>
                <FactsSection
                  key={state.original.association_id}
                  storyId={storyId}
                  associationId={state.original.association_id}
                  facts={state.original.facts ?? []}
                  readOnly={readOnly}
                />
              </Box>
              <Divider />
            </>
          )}
          <Box sx={{ px: 2.5, py: 2.5 }}>
            <AppearancesSection
              storyId={storyId}
              associationId={shown.association_id}
              // On a phone the panel covers the chapter the snippet opens.
              onMentionChosen={() => {
                if (!docked) close();
              }}
            />
          </Box>
        </>
      )}
      {renaming && state.draft && (
        <RenameAssociationDialog association={state.draft} onClose={() => setRenaming(false)} />
      )}
      {/* Unmounted once faded out, like the app's loading overlay: its spinner would animate unseen. */}
      <Backdrop
        open={state.phase === 'loading'}
        unmountOnExit
        sx={(theme) => ({
          position: 'absolute',
          zIndex: 1,
          backgroundColor: 'rgba(255, 253, 249, 0.6)',
          ...theme.applyStyles('dark', { backgroundColor: 'rgba(33, 30, 26, 0.6)' }),
        })}
      >
        <CircularProgress aria-label="Loading association" />
      </Backdrop>
    </Drawer>
  );
}
