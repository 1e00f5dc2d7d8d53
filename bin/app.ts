import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { routes, scheduledJobs, workers } from '../lambdas/routes';
import { readStageConfig } from '../lib/config';
import { addLoreweaverStacks } from '../lib/loreweaver-stacks';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const app = new App();

addLoreweaverStacks(app, {
  config: readStageConfig(app.node),
  routes,
  workers,
  scheduledJobs,
  handlersDirectory: fileURLToPath(new URL('../lambdas', import.meta.url)),
  projectRoot,
  siteDirectory: fileURLToPath(new URL('../web/dist', import.meta.url)),
});
