import * as z from 'zod';
import { purgeAccount } from '../domain/users/delete-account';
import { sqsWorker } from './sqs-worker';

/**
 * The 'accountDeletion' queue's worker: removes everything of an account POST /api/user/delete marked deleted.
 * Failed messages are redelivered (the purge finishes what an earlier delivery started) and dead-lettered after
 * the queue's maximum receives, where an alarm fires.
 */
export const handler = sqsWorker({
  queue: 'accountDeletion',
  message: z.object({ user_id: z.string().min(1).max(100) }),
  describe: 'account deletion',
  async handle(ports, message) {
    return purgeAccount(ports, message.user_id);
  },
});
