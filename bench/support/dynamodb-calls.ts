import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** What the table was asked while counting: round trips by command, and the items written. */
export interface DynamoDbCalls {
  roundTrips: number;
  byCommand: Record<string, number>;
  /** Items put, updated or deleted (a transaction's condition checks write nothing and are not counted). */
  itemsWritten: number;
  /** The JSON size of what was written (items, updates and keys), a stand-in for write units. */
  bytesWritten: number;
  /** Items answered by reads (GetItem, Query, BatchGetItem, TransactGetItems). */
  itemsRead: number;
}

const emptyCalls = (): DynamoDbCalls => ({
  roundTrips: 0,
  byCommand: {},
  itemsWritten: 0,
  bytesWritten: 0,
  itemsRead: 0,
});

/** How many items a read's answer holds. */
const read = (output: unknown): number => {
  const answer = output as {
    Item?: unknown;
    Items?: unknown[];
    Responses?: Record<string, unknown[]> | unknown[];
  };
  if (answer.Item) return 1;
  if (answer.Items) return answer.Items.length;
  if (Array.isArray(answer.Responses)) return answer.Responses.length;
  if (answer.Responses) return Object.values(answer.Responses).flat().length;
  return 0;
};

interface TransactItem {
  Put?: { Item: unknown };
  Update?: unknown;
  Delete?: unknown;
  ConditionCheck?: unknown;
}

const written = (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
  const { input } = command;
  switch (command.constructor.name) {
    case 'PutCommand':
      return [input.Item];
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [input];
    case 'TransactWriteCommand':
      return (input.TransactItems as TransactItem[])
        .filter((item) => !item.ConditionCheck)
        .map((item) => item.Put?.Item ?? item.Update ?? item.Delete);
    case 'BatchWriteCommand':
      return Object.values(input.RequestItems as Record<string, unknown[]>).flat();
    default:
      return [];
  }
};

/**
 * Counts every command the process's document clients send, the repositories' included (the benchmark runs the
 * embedded runtime in its own process): wraps `DynamoDBDocumentClient.prototype.send` once, so nothing in the
 * product changes to be measured. `take()` answers what was counted since the last `take()` and starts again.
 */
export function countDynamoDbCalls(): { take(): DynamoDbCalls } {
  let calls = emptyCalls();
  const prototype = DynamoDBDocumentClient.prototype as unknown as {
    send: (this: unknown, command: never, ...rest: unknown[]) => Promise<unknown>;
  };
  const send = prototype.send;
  prototype.send = function countedSend(command, ...rest) {
    const sent = command as { constructor: { name: string }; input: Record<string, unknown> };
    const items = written(sent);
    calls.roundTrips += 1;
    calls.byCommand[sent.constructor.name] = (calls.byCommand[sent.constructor.name] ?? 0) + 1;
    calls.itemsWritten += items.length;
    calls.bytesWritten += items.reduce<number>((bytes, item) => bytes + JSON.stringify(item).length, 0);
    const counted = calls;
    return send.call(this, command, ...rest).then((output) => {
      counted.itemsRead += read(output);
      return output;
    });
  };
  return {
    take() {
      const taken = calls;
      calls = emptyCalls();
      return taken;
    },
  };
}
