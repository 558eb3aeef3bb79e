// Module resolution hooks (node:module register) for ESM configs: a package
// listed in `fallbacks` that the site has not installed resolves to our stand-in;
// one listed in `overrides` always resolves to ours.
let fallbacks = {};
let overrides = {};

export function initialize(data) {
  fallbacks = data?.fallbacks ?? {};
  overrides = data?.overrides ?? {};
}

export async function resolve(specifier, context, nextResolve) {
  if (Object.hasOwn(overrides, specifier)) return { url: overrides[specifier], shortCircuit: true };
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (Object.hasOwn(fallbacks, specifier)) return { url: fallbacks[specifier], shortCircuit: true };
    throw error;
  }
}
