import { join } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import type { AccessMode, BucketName, RouteAccess } from '../../lambdas/routes';
import { bucketEnvironment, queueEnvironment } from '../../lib/constructs/loreweaver-function';
import { asArray, type PolicyStatementJson, referencedId, roleStatements } from './synth';

export interface DeployedFunction {
  logicalId: string;
  properties: {
    Code: { S3Key: string };
    Handler: string;
    Runtime: string;
    Architectures: string[];
    MemorySize: number;
    Timeout: number;
    Description: string;
    Environment: { Variables: Record<string, unknown> };
  };
  statements: PolicyStatementJson[];
}

function deployedFunction(template: Template, logicalId: string): DeployedFunction {
  const resource = template.findResources('AWS::Lambda::Function')[logicalId];
  if (!resource) throw new Error(`No function ${logicalId}`);
  const roleId = referencedId(resource.Properties.Role);
  if (!roleId) throw new Error(`Function ${logicalId} has no role of its own`);
  return { logicalId, properties: resource.Properties, statements: roleStatements(template, roleId) };
}

/** Follows route → integration → function, as API Gateway will. */
export function functionBehindRoute(template: Template, routeKey: string): DeployedFunction | undefined {
  const route = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).find(
    (candidate) => candidate.Properties.RouteKey === routeKey,
  );
  if (!route) return undefined;
  const [, parts] = route.Properties.Target['Fn::Join'] as [string, unknown[]];
  const integrationId = referencedId(parts[1]);
  const integration = integrationId
    ? template.findResources('AWS::ApiGatewayV2::Integration')[integrationId]
    : undefined;
  const functionId = integration ? referencedId(integration.Properties.IntegrationUri) : undefined;
  return functionId ? deployedFunction(template, functionId) : undefined;
}

/** The function an SQS event source mapping delivers the given queue's messages to. */
export function functionConsuming(template: Template, queueLogicalId: string): DeployedFunction | undefined {
  const mapping = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).find(
    (candidate) => referencedId(candidate.Properties.EventSourceArn) === queueLogicalId,
  );
  const functionId = mapping ? referencedId(mapping.Properties.FunctionName) : undefined;
  return functionId ? deployedFunction(template, functionId) : undefined;
}

/** The function an EventBridge rule with the given schedule expression invokes. */
export function functionScheduledBy(template: Template, schedule: string): DeployedFunction | undefined {
  const rule = Object.values(template.findResources('AWS::Events::Rule')).find(
    (candidate) => candidate.Properties.ScheduleExpression === schedule,
  );
  const functionId = rule ? referencedId(rule.Properties.Targets?.[0]?.Arn) : undefined;
  return functionId ? deployedFunction(template, functionId) : undefined;
}

/** The variables a function must have beyond the base set, derived from its `access` alone. */
export function expectedAccessVariables(access: RouteAccess, sampleImageUrl?: string): string[] {
  return [
    ...(access.table ? ['TABLE_NAME'] : []),
    ...(access.sampleImages && sampleImageUrl ? ['SAMPLE_IMAGE_URL'] : []),
    ...(Object.keys(access.buckets ?? {}) as BucketName[]).map((name) => bucketEnvironment[name]),
    ...(access.queues ?? []).map((name) => queueEnvironment[name]),
    ...(access.billing ? ['STRIPE_SECRET_ARN', 'STRIPE_WEBHOOK_SECRET_ARN'] : []),
  ];
}

/** Variables every function gets because lambdas/env.ts requires them in every process. */
export const BASE_VARIABLES = [
  'RUNTIME',
  'LOG_LEVEL',
  'APP_ORIGIN',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_PROVIDER_HINT',
  'TABLE_NAME',
  'NODE_OPTIONS',
];

const TABLE_WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|ConditionCheckItem|\*)$/;
const OBJECT_WRITES = /^s3:(PutObject|DeleteObject|\*)/;

/** Checks that a function's identity policy grants what `access` names and nothing more. */
export function accessProblems(fn: DeployedFunction, access: RouteAccess): string[] {
  const actions = fn.statements.filter((s) => s.Effect === 'Allow').flatMap((s) => asArray(s.Action));
  const problems: string[] = [];
  const has = (pattern: RegExp) => actions.some((action) => pattern.test(action));
  const expectTable = (mode: AccessMode | undefined) => {
    if (mode && !has(/^dynamodb:GetItem$/)) problems.push('cannot read the table');
    if (mode !== 'readWrite' && has(TABLE_WRITES)) problems.push('may write the table');
    if (mode === 'readWrite' && !has(/^dynamodb:PutItem$/)) problems.push('cannot write the table');
    if (!mode && has(/^dynamodb:/)) problems.push('may use the table');
  };
  expectTable(access.table);
  const buckets = access.buckets ?? {};
  if (Object.keys(buckets).length === 0 && has(/^s3:/)) problems.push('may use a bucket');
  if (!Object.values(buckets).includes('readWrite') && has(OBJECT_WRITES))
    problems.push('may write a bucket');
  if ((access.queues ?? []).length === 0 && has(/^sqs:SendMessage$/)) problems.push('may send to a queue');
  if (!access.billing && has(/^secretsmanager:/)) problems.push('may read a secret');
  if (access.billing && !has(/^secretsmanager:GetSecretValue$/))
    problems.push('cannot read the Stripe secret');
  return problems;
}

/** The directory in the cloud assembly holding what will be zipped and uploaded as the function's code. */
export function codeDirectory(assemblyDirectory: string, fn: DeployedFunction): string {
  return join(assemblyDirectory, `asset.${fn.properties.Code.S3Key.replace(/\.zip$/, '')}`);
}
