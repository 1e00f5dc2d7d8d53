import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJobRecord, ExportJobRepository } from '../../domain/export/export-job-repository';
import type { Database } from './document-client';
import { getItem } from './table';
import { exportJobKey } from './keys/export-job-keys';

function fromItem(item: Record<string, unknown>): ExportJobRecord {
  return {
    job_id: item.job_id as string,
    story_id: item.story_id as string,
    type: item.type as ExportJobRecord['type'],
    layout: item.layout as ExportJobRecord['layout'],
    status: item.status as ExportJobRecord['status'],
    ...(typeof item.file_key === 'string' ? { file_key: item.file_key } : {}),
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

export class DynamoDbExportJobRepository implements ExportJobRepository {
  constructor(private readonly database: Database) {}

  async create(job: ExportJobRecord, expiresAt: Date): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...exportJobKey(job.story_id, job.job_id),
          entity: 'exportJob',
          ...job,
          ttl: Math.floor(expiresAt.getTime() / 1000),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  }

  async get(storyId: string, jobId: string): Promise<ExportJobRecord | undefined> {
    return getItem(this.database, exportJobKey(storyId, jobId), fromItem);
  }

  async finish(
    storyId: string,
    jobId: string,
    outcome: { status: 'done'; file_key: string } | { status: 'failed' },
    now: Date,
  ): Promise<boolean> {
    const fileKey = outcome.status === 'done' ? outcome.file_key : undefined;
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: exportJobKey(storyId, jobId),
          UpdateExpression: `SET #status = :status, updated_at = :now${fileKey ? ', file_key = :file' : ''}`,
          ConditionExpression: 'attribute_exists(PK) AND #status = :running',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': outcome.status,
            ':now': now.toISOString(),
            ':running': 'running',
            ...(fileKey ? { ':file': fileKey } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
