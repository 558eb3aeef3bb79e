const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A hook filter matching exactly this module id (a virtual id's NUL as it is, as Vite writes its
 * own). Rolldown calls a filtered hook's JavaScript only for the ids its filter names; an unfiltered
 * hook is a call into JavaScript for every import and every module of both bundles.
 */
export const exactId = (id: string) => new RegExp(`^${escapeRegExp(id)}$`);

/** A hook filter matching ids that end with this text (a query such as `?raw`). */
export const idEndingWith = (suffix: string) => new RegExp(`${escapeRegExp(suffix)}$`);
