// Module resolution hooks (node:module register) for ESM configs: a package
// listed in `fallbacks` that the site has not installed resolves to our stand-in.
let fallbacks = {};

export function initialize(data) {
  fallbacks = data?.fallbacks ?? {};
}

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (Object.hasOwn(fallbacks, specifier)) return { url: fallbacks[specifier], shortCircuit: true };
    throw error;
  }
}
