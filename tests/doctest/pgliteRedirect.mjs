// Module resolution hook (see pgliteRegister.mjs): the example's own `import … from
// "@electric-sql/pglite"` gets pgliteFromTemplate.mjs; that module's import of the same name, and
// every other import, resolves as usual.
const replacement = new URL("./pgliteFromTemplate.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "@electric-sql/pglite" && context.parentURL !== replacement) {
    return { url: replacement, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
