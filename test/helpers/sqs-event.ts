import type { SQSEvent, SQSRecord } from 'aws-lambda';

/** One SQS message as a worker Lambda receives it; an object body is sent as JSON. */
export const sqsRecord = (messageId: string, body: unknown, queue = 'queue'): SQSRecord =>
  ({
    messageId,
    receiptHandle: messageId,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    attributes: {},
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue}`,
    awsRegion: 'us-east-1',
  }) as unknown as SQSRecord;

export const sqsEvent = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
