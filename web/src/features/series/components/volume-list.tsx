import DragIndicator from '@mui/icons-material/DragIndicator';
import EditOutlined from '@mui/icons-material/EditOutlined';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Volume } from '../types';

interface VolumeListProps {
  /** Names the list for assistive technology, e.g. 'Stories in The Expanse'. */
  label: string;
  volumes: Volume[];
  onMove: (fromIndex: number, toIndex: number) => void;
  onRemove: (volume: Volume) => void;
}

/**
 * Spec §2 edit series: the volumes in order, reordered by dragging a row's handle with the mouse, by
 * touch, or from the keyboard (Space to lift, arrows to move, Space to drop). @hello-pangea/dnd's defaults
 * are the spec's drag constants (§9: 120 ms touch press, 5 px mouse move, drop animation, autoscroll).
 */
export function VolumeList({ label, volumes, onMove, onRemove }: VolumeListProps) {
  const handleDragEnd = ({ source, destination }: DropResult) => {
    if (destination && destination.index !== source.index) onMove(source.index, destination.index);
  };

  return (
    <DragDropContext onDragEnd={handleDragEnd}>
      <Droppable droppableId="series-volumes">
        {(droppable) => (
          <Box
            component="ol"
            aria-label={label}
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {volumes.map((volume, index) => (
              <Draggable key={volume.story_id} draggableId={volume.story_id} index={index}>
                {(draggable, snapshot) => (
                  <Box
                    component="li"
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: { xs: 1, sm: 1.5 },
                      py: 1,
                      pl: 0.5,
                      pr: 1,
                      mb: 1,
                      borderRadius: 1.5,
                      border: 1,
                      borderColor: snapshot.isDragging ? 'primary.main' : 'divider',
                      backgroundColor: 'background.paper',
                      boxShadow: snapshot.isDragging ? '0 12px 28px rgba(42, 38, 34, 0.18)' : 'none',
                    }}
                  >
                    <Box
                      {...draggable.dragHandleProps}
                      aria-label={`Reorder ${volume.title}`}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        alignSelf: 'stretch',
                        px: 0.5,
                        color: 'text.secondary',
                        cursor: 'grab',
                        borderRadius: 1,
                        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
                      }}
                    >
                      <DragIndicator />
                    </Box>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      aria-hidden="true"
                      sx={{ width: 20, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {index + 1}
                    </Typography>
                    <Avatar
                      src={volume.image_url || undefined}
                      alt=""
                      variant="rounded"
                      aria-hidden="true"
                      sx={{ display: { xs: 'none', sm: 'flex' } }}
                    >
                      {volume.title.charAt(0).toUpperCase()}
                    </Avatar>
                    <Typography
                      sx={{ flex: '1 1 auto', minWidth: 0, fontWeight: 500 }}
                      noWrap
                      title={volume.title}
                    >
                      {volume.title}
                    </Typography>
                    <Tooltip title="Edit story">
                      <IconButton
                        component={RouterLink}
                        to={paths.editStory.getHref(volume.story_id)}
                        aria-label={`Edit ${volume.title}`}
                        size="small"
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Remove from series">
                      <IconButton
                        onClick={() => onRemove(volume)}
                        aria-label={`Remove ${volume.title}`}
                        size="small"
                      >
                        <RemoveCircleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
          </Box>
        )}
      </Droppable>
    </DragDropContext>
  );
}
