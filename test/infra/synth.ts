import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, NestedStack, type Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { RouteDefinition, ScheduledJobDefinition, WorkerDefinition } from '../../lambdas/routes';
import { readStageConfig, type StageConfig } from '../../lib/config';
import { addLoreweaverStacks, type LoreweaverStacks } from '../../lib/loreweaver-stacks';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const fixturesDirectory = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The context `cdk synth` would read from cdk.json, so the tests build what the CLI builds. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(`${projectRoot}cdk.json`, 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  routes: readonly RouteDefinition[];
  workers: readonly WorkerDefinition[];
  scheduledJobs?: readonly ScheduledJobDefinition[];
  handlersDirectory: string;
  siteDirectory?: string;
}

export interface Synthesized {
  app: App;
  config: StageConfig;
  stacks: LoreweaverStacks;
  assembly: CloudAssembly;
  /** The stack's template with its nested stacks' resources merged in, built once per stack (read-only). */
  template(stack: Stack): Template;
  /** Every stack's template, for checks that apply everywhere. */
  allTemplates(): Template[];
  /** Deletes the cloud assembly (bundles with sharp weigh 20 MB each). */
  remove(): void;
}

/**
 * Synthesizes one Loreweaver stage in memory, offline: no credentials (the account and region are the
 * config's defaults unless the context names them), no Docker (esbuild bundles locally), no network.
 * Synthesis runs the cdk-nag checks and throws on any unacknowledged error or on a dependency cycle.
 */
export function synthesize(options: SynthOptions): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'loreweaver-infra-'));
  const app = new App({ outdir, context: { ...cdkJsonContext(), ...options.context } });
  // An empty environment: the operator's CDK_DEFAULT_ACCOUNT must not leak into the tests.
  const config = readStageConfig(app.node, {});
  const stacks = addLoreweaverStacks(app, {
    config,
    routes: options.routes,
    workers: options.workers,
    ...(options.scheduledJobs ? { scheduledJobs: options.scheduledJobs } : {}),
    handlersDirectory: options.handlersDirectory,
    projectRoot,
    siteDirectory: options.siteDirectory ?? `${fixturesDirectory}site`,
  });
  const assembly = app.synth();
  // Each stack's template is built once: merging its nested stacks and CDK's checks on a template of a hundred
  // functions cost a fraction of a second a call, and the app's tests ask for the API's in nearly every test.
  const templates = new Map<Stack, Template>();
  const template = (stack: Stack) => {
    const known = templates.get(stack);
    if (known) return known;
    const built = Template.fromJSON(withNestedStacks(stack, assembly));
    templates.set(stack, built);
    return built;
  };
  return {
    app,
    config,
    stacks,
    assembly,
    template,
    allTemplates: () => Object.values(stacks).map(template),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

type TemplateJson = Record<string, Record<string, unknown> | undefined>;

/**
 * A stack's template with the resources of its nested stacks (the API's routes live in several) merged in, so
 * the checks see every function, route and alarm of the stack wherever CloudFormation's limit put it.
 */
function withNestedStacks(stack: Stack, assembly: CloudAssembly): TemplateJson {
  const merged = structuredClone(assembly.getStackByName(stack.stackName).template) as TemplateJson;
  const nestedStacks = stack.node
    .findAll()
    .filter(
      (child): child is NestedStack => NestedStack.isNestedStack(child) && child.nestedStackParent === stack,
    );
  for (const nested of nestedStacks) {
    // The nested stack reads the parent's resources through parameters: put the parent's expressions back.
    const nestedResource = merged.Resources?.[stack.getLogicalId(nested.nestedStackResource!)] as
      { Properties?: { Parameters?: Record<string, unknown> } } | undefined;
    const passed = nestedResource?.Properties?.Parameters ?? {};
    const nestedTemplate = withParametersResolved(
      JSON.parse(readFileSync(join(assembly.directory, nested.templateFile), 'utf8')),
      passed,
    ) as TemplateJson;
    for (const section of ['Conditions', 'Resources', 'Outputs'] as const) {
      if (nestedTemplate[section]) merged[section] = { ...merged[section], ...nestedTemplate[section] };
    }
  }
  return merged;
}

function withParametersResolved(value: unknown, passed: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => withParametersResolved(item, passed));
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as { Ref?: unknown }).Ref;
  if (typeof ref === 'string' && ref in passed) return passed[ref];
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, withParametersResolved(item, passed)]),
  );
}

export interface PolicyStatementJson {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
}

export function asArray<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}

/** Logical id of the resource a `{ Ref }` or `{ Fn::GetAtt }` points at. */
export function referencedId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('Ref' in value && typeof value.Ref === 'string') return value.Ref;
  if ('Fn::GetAtt' in value && Array.isArray(value['Fn::GetAtt'])) return String(value['Fn::GetAtt'][0]);
  return undefined;
}

/** The statements of every identity policy (inline or attached) in a template. */
export function identityPolicyStatements(template: Template): PolicyStatementJson[] {
  const documents: { Statement: PolicyStatementJson[] }[] = [];
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy'))) {
    documents.push(policy.Properties.PolicyDocument);
  }
  for (const policy of Object.values(template.findResources('AWS::IAM::ManagedPolicy'))) {
    documents.push(policy.Properties.PolicyDocument);
  }
  for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
    for (const inline of role.Properties.Policies ?? []) documents.push(inline.PolicyDocument);
  }
  return documents.flatMap((document) => document.Statement);
}

/** The statements of the policies attached to one role. */
export function roleStatements(template: Template, roleLogicalId: string): PolicyStatementJson[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as unknown[]).some((role) => referencedId(role) === roleLogicalId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
}

export function allowedActions(statements: PolicyStatementJson[]): string[] {
  return statements
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap((statement) => asArray(statement.Action));
}

export interface Acknowledgement {
  path: string;
  id: string;
  reason: unknown;
}

/** Every rule acknowledged anywhere in the construct tree (cdk-nag's and CloudFormation validation's). */
export function acknowledgements(app: App): Acknowledgement[] {
  return app.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

/** Runs the AWS Solutions pack over the synthesized tree and lists what it still reports as errors. */
export function unacknowledgedNagErrors(app: App): string[] {
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations
    .filter((violation) => violation.severity === 'error')
    .flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
    );
}
