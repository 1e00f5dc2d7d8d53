import { getPorts } from '../composition';
import { purgeDueTrash } from '../domain/trash/trash';

/**
 * The 'trashPurge' scheduled job (an EventBridge schedule in AWS, a timer and every start in the embedded
 * runtime): removes for good what has been in the trash for 30 days. Throwing fails the invocation, which the
 * errors alarm reports; the next run picks up where this one stopped.
 */
export async function handler(): Promise<{ purged: number }> {
  const ports = getPorts();
  const logger = ports.logger.child({ job: 'trashPurge' });
  const outcome = await purgeDueTrash({ ...ports, logger });
  logger.info('trash purged', outcome);
  return outcome;
}
