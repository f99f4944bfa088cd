/**
 * `npm run lint` refuses an import cycle: a module whose imports lead back to it. Type-only imports
 * count (`tsPreCompilationDeps`): tsc erases them, but a reader following the imports still walks
 * the circle, and a later value import on the same edge makes it a cycle at run time.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A module's imports never lead back to it: move what both sides need into a module of its own.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
  },
};
