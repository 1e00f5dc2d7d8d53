import type { EmbeddedRuntime } from '../../local/embedded-runtime';

/**
 * Holds messages sent to the embedded runtime's queue instead of delivering them, so a test can look at the
 * state before a worker runs (a chapter still 'creating'). `release()` sends them on, as SQS would later.
 */
export function holdQueue(runtime: Pick<EmbeddedRuntime, 'queue'>) {
  const { queue } = runtime;
  const held: Parameters<typeof queue.send>[] = [];
  const deliver = queue.send.bind(queue);
  queue.send = async (...message) => {
    held.push(message);
  };
  return {
    held,
    async release() {
      queue.send = deliver;
      for (const message of held.splice(0)) await deliver(...message);
      await queue.drain();
    },
  };
}
