import { deleteBlocks, reorderBlocks, saveBlocks } from '../../api/chapter-content';
import type { SyncTransport } from './sync-requests';

/** The queue's calls through the block sync's fetchers, each rejected with an `ApiError` the queue reads. */
export const httpSyncTransport: SyncTransport = async (call, options) => {
  switch (call.endpoint) {
    case 'saveBlocks':
      return saveBlocks(call.storyId, call.body, options);
    case 'deleteBlocks':
      return deleteBlocks(call.storyId, call.body, options);
    case 'reorderBlocks':
      return reorderBlocks(call.storyId, call.body, options);
  }
};
