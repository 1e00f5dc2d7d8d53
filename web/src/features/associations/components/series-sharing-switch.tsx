import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import { associationKeys, associationsQuery, setAssociationSharing } from '../../../api/associations';
import { storyQuery } from '../../../api/stories';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { associationSaveFailedAlert } from '../association-alerts';

interface SeriesSharingSwitchProps {
  storyId: string;
  association: AssociationListItem;
  disabled: boolean;
}

/**
 * Issue 13 §4: 'Share with the series' for a story that is a volume of one, with the association's scope said
 * beside it. Shared, every volume lists, highlights and edits the same association. Shown for a story in a
 * series, or for an association its series shares.
 */
export function SeriesSharingSwitch({ storyId, association, disabled }: SeriesSharingSwitchProps) {
  const queryClient = useQueryClient();
  const scopeId = useId();
  // Read from the story query the page already holds: no request of its own.
  const { data: story } = useQuery(storyQuery(storyId));
  const shared = association.scope === 'series';

  const { mutate, isPending } = useAlertingMutation({
    mutationFn: (share: boolean) => setAssociationSharing(storyId, association.association_id, share),
    onSuccess: ({ scope }) => {
      queryClient.setQueryData(
        associationsQuery(storyId).queryKey,
        (list: AssociationListItem[] | undefined) =>
          list?.map((item) =>
            item.association_id === association.association_id ? { ...item, scope } : item,
          ),
      );
      // The other volumes' lists changed too: read again when next shown.
      void queryClient.invalidateQueries({
        queryKey: associationKeys.all,
        predicate: (query) => query.queryKey[1] !== storyId,
      });
    },
    failureLog: 'Changing whether the association is shared failed.',
    failureAlert: associationSaveFailedAlert,
  });

  if (!story?.series_id && !shared) return null;
  return (
    <div>
      <FormControlLabel
        label="Share with the series"
        control={
          <Switch
            checked={shared}
            disabled={disabled || isPending}
            onChange={(event) => mutate(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': scopeId } }}
          />
        }
      />
      <FormHelperText id={scopeId} sx={{ mt: 0 }}>
        {shared
          ? 'Shared: every volume of the series shows and edits this association.'
          : 'This story’s own: other volumes do not see it.'}
      </FormHelperText>
    </div>
  );
}
