import { type App, CrossStackReferences, ReferenceStrength, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { RouteDefinition, ScheduledJobDefinition, WorkerDefinition } from '../lambdas/routes';
import type { StageConfig } from './config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { MonitoringStack } from './stacks/monitoring-stack';

export interface LoreweaverStacksProps {
  config: StageConfig;
  routes: readonly RouteDefinition[];
  workers: readonly WorkerDefinition[];
  /** Jobs run on a schedule (none when left out). */
  scheduledJobs?: readonly ScheduledJobDefinition[];
  /** Where the handler modules named by the route table live (lambdas/). */
  handlersDirectory: string;
  /** The npm project root (package.json, package-lock.json), for bundling. */
  projectRoot: string;
  /** The Vite build (web/dist). */
  siteDirectory: string;
}

export interface LoreweaverStacks {
  monitoring: MonitoringStack;
  data: DataStack;
  edge: EdgeStack;
  auth: AuthStack;
  api: ApiStack;
}

/**
 * Adds one stage of Loreweaver to the app, with AWS Solutions checks (cdk-nag) over all of it.
 *
 * The stacks depend on each other in one direction only, in this order:
 * Monitoring (alarm topic) → Data (table, exports, access logs) → Edge (CloudFront, HTTP API, site and
 * images buckets) → Auth (user pool; its callback URLs need the site's domain) → Api (Lambdas, routes,
 * queues, workers; they need all of the above).
 */
export function addLoreweaverStacks(app: App, props: LoreweaverStacksProps): LoreweaverStacks {
  const { config } = props;
  // Strong references (exports and imports) make CloudFormation refuse to delete or change a producer's
  // value while a consumer uses it: the Data stack cannot vanish from under the API.
  CrossStackReferences.of(app).consume(ReferenceStrength.STRONG);
  const env = config.env;
  const name = (stack: string) => `${config.stackPrefix}-${stack}`;
  const tags = { project: 'loreweaver', stage: config.stage };

  const monitoring = new MonitoringStack(app, name('Monitoring'), { env, tags, config });
  const data = new DataStack(app, name('Data'), {
    env,
    tags,
    config,
    terminationProtection: config.retainData,
  });
  const edge = new EdgeStack(app, name('Edge'), {
    env,
    tags,
    config,
    logsBucket: data.logsBucket,
    alarmTopic: monitoring.alarmTopic,
    siteDirectory: props.siteDirectory,
    terminationProtection: config.retainData,
  });
  const auth = new AuthStack(app, name('Auth'), {
    env,
    tags,
    config,
    siteOrigin: edge.siteOrigin,
    terminationProtection: config.retainData,
  });
  const api = new ApiStack(app, name('Api'), {
    env,
    tags,
    config,
    routes: props.routes,
    workers: props.workers,
    scheduledJobs: props.scheduledJobs ?? [],
    handlersDirectory: props.handlersDirectory,
    projectRoot: props.projectRoot,
    table: data.table,
    buckets: {
      images: edge.imagesBucketName,
      exports: data.exportsBucketName,
      versions: data.versionsBucketName,
      uploads: edge.uploadsBucketName,
    },
    httpApi: edge.httpApi,
    siteOrigin: edge.siteOrigin,
    userPool: auth.userPool,
    userPoolClient: auth.client,
    alarmTopic: monitoring.alarmTopic,
  });
  // Grants name the buckets by their fixed names, which CloudFormation cannot see as references.
  api.addStackDependency(data);
  api.addStackDependency(edge);

  // Acknowledged findings are also written into each resource's template metadata, as an audit trail.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
  return { monitoring, data, edge, auth, api };
}
