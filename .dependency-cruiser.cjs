// The import graph of the API's sources (`npm run check:cycles`, a step of `npm test`):
// no file of api/src may reach itself through its imports, type-only imports included, and no
// folder may reach itself through the imports of its files (README.md, Layout).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file of api/src reaches itself through its imports (type-only ones too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'A folder of api/src reaches itself through the imports of its files.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
  },
};
