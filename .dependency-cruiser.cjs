/* global module */
/**
 * Import rules checked by `npm run lint`: no import circle on the server, and features reach each other only
 * through a feature's public `index.ts`, so a feature's insides can change without breaking another.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-on-the-server',
      severity: 'error',
      from: { path: '^(lambdas|shared|local)/' },
      to: { circular: true },
    },
    {
      name: 'features-through-their-index',
      comment: 'A feature imports another feature only through its index.ts.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/.+',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(node_modules|cdk\\.out|web/dist)' },
  },
};
