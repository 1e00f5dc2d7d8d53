import { requestDownloadAll } from '../../../api/user';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { downloadAllFailedAlert } from '../settings-messages';

/**
 * 'Download all my stories': the server answers a link that downloads the zip, so following it leaves the page
 * where it is. Shared by the section and the account deletion's dialog, which suggests it first.
 */
export function useDownloadAllStories() {
  return useAlertingMutation({
    mutationFn: requestDownloadAll,
    failureLog: 'Preparing the download of every story failed.',
    failureAlert: downloadAllFailedAlert,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
