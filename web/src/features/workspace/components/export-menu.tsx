import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useUser } from '../../../lib/user/user-context';
import { EXPORT_FOR_SUBSCRIBERS_ONLY } from '../workspace-messages';

/** Spec §3 export types, in the order the menu lists them. */
const EXPORT_FORMATS = ['PDF', 'DOCX'] as const;

/** Shown on each format until the export call exists; the menu does not pretend to export. */
const EXPORT_NOT_YET_AVAILABLE = 'Export is not available yet';

/**
 * The export menu of the editor's toolbar (spec §4 "Export menu"): opens and closes on click; disabled, with
 * the spec's tooltip, for free accounts.
 */
export function ExportMenu() {
  const { isSubscriber } = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const open = anchor !== null;

  const button = (
    <Button
      size="small"
      color="inherit"
      startIcon={<FileDownloadOutlined />}
      disabled={!isSubscriber}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      onClick={(event) => setAnchor(open ? null : event.currentTarget)}
    >
      Export
    </Button>
  );

  return (
    <>
      {isSubscriber ? (
        button
      ) : (
        <Tooltip title={EXPORT_FOR_SUBSCRIBERS_ONLY} describeChild>
          {/* A disabled button receives no pointer events; the wrapper lets the tooltip explain why. */}
          <Box component="span" sx={{ display: 'inline-flex' }}>
            {button}
          </Box>
        </Tooltip>
      )}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {EXPORT_FORMATS.map((format) => (
          <Tooltip key={format} title={EXPORT_NOT_YET_AVAILABLE} placement="left" describeChild>
            <MenuItem
              disabled
              // Disabled items ignore the pointer; let it through so the tooltip can say why.
              sx={{ '&.Mui-disabled': { pointerEvents: 'auto' }, minWidth: 140 }}
            >
              {format}
            </MenuItem>
          </Tooltip>
        ))}
      </Menu>
    </>
  );
}
