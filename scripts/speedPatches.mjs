// Edits to installed packages' code, made by the esbuild plugin below as scripts/run.mjs bundles
// the commands into dist/ (the code the build runs); tests/unit/speedPatches.test.ts runs each
// patched package against the installed one. For speed alone: each leaves what the code computes
// as it was. A compile fails if a patch's text is gone (an upgrade changed the file).
import { readFileSync } from "node:fs";

const SPEED_PATCHES = [
  {
    // Makes a closure per node of every tree walk, named after its node for stack traces (one
    // Object.defineProperty each), then calls it at once; the pipeline walks each page about twenty
    // times. The closure's body becomes a function of its own, called with the node, its index and
    // ancestors, so the walk visits and returns the same. A cold build's profile put 0.6 s of the
    // compile thread's 5.2 s in the naming; the closures, 0.4 s of 900 pages' 5.6 s of compiling.
    file: /[\\/]node_modules[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/,
    find: /factory\(tree, undefined, \[\]\)\(\)[\s\S]*?factory\(child, offset, grandparents\)\(\)/,
    replace: (found) =>
      replaceEach(found, [
        ["factory(tree, undefined, [])()", "visitNode(tree, undefined, [])"],
        // The body keeps its own block, so the closure's closing brace still closes it.
        [/function factory\(node, index, parents\) \{[\s\S]*?\n    return visit\n\n    function visit\(\) \{/, "function visitNode(node, index, parents) {\n    {"],
        ["factory(child, offset, grandparents)()", "visitNode(child, offset, grandparents)"],
      ]),
  },
  {
    // es-module-lexer reads each import's quoted specifier with an indirect eval, a script compiled
    // per import (0.2 s of a cold 2,000-page build's main thread, rewriting pages' imports). A
    // quoted string without a backslash, its own quote or a line break inside means its inner text.
    file: /[\\/]node_modules[\\/]es-module-lexer[\\/]dist[\\/]lexer\.js$/,
    find: /function i\(A\)\{try\{return\(0,eval\)\(A\)\}catch\(A\)\{\}\}/,
    replace: (found) =>
      found.replace("{try{", String.raw`{if(A.length>1&&(A[0]==='"'||A[0]==="'")&&A[A.length-1]===A[0]&&!/[\\\n\r\u2028\u2029]/.test(A)&&A.indexOf(A[0],1)===A.length-1)return A.slice(1,-1);try{`),
  },
  {
    // Escaping a text node tries ~40 patterns, each a scope check and a regular expression over the
    // text; every pattern's expression contains its character, so a text without it is skipped.
    // Serializing this site's pages to Markdown (their llms copies): 3.5 -> 2.6 ms a page.
    file: /[\\/]node_modules[\\/]mdast-util-to-markdown[\\/]lib[\\/]util[\\/]safe\.js$/,
    find: /const pattern = state\.unsafe\[index\]\n/,
    replace: (found) => `${found}    if (!value.includes(pattern.character)) continue\n`,
  },
  {
    // Calls each of a page's tens of thousands of token handlers on a fresh copy of the compile
    // context (eight fields) that differs only in sliceSerialize. No handler keeps `this` past its
    // call or adds to it, so one context with that field set before each call computes the same
    // tree. A cold 2,000-page build's profile put 2.1 s of each compile thread's 31 s in this loop.
    file: /[\\/]node_modules[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
    find: /handler\[events\[index\]\[1\]\.type\]\.call\(\{\n\s*\.\.\.context,\n\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\n\s*\}, events\[index\]\[1\]\);/,
    replace: () => "context.sliceSerialize = events[index][2].sliceSerialize;\n        handler[events[index][1].type].call(context, events[index][1]);",
  },
  {
    // Micromark asks of nearly every character whether it is a letter, digit or punctuation by
    // making a one-letter string and testing a regular expression on it (0.8 s of each compile
    // thread's time in a cold 2,000-page build). The answers for the 128 ASCII codes are worked
    // out once per expression, by the same test; every other code still goes through it.
    file: /[\\/]node_modules[\\/]micromark-util-character[\\/]index\.js$/,
    find: /function regexCheck\(regex\) \{\n  return check;[\s\S]*?regex\.test\(String\.fromCharCode\(code\)\);\n  \}\n\}/,
    replace: () =>
      "function regexCheck(regex) {\n  const ascii = new Uint8Array(128);\n  for (let code = 0; code < 128; code++) ascii[code] = regex.test(String.fromCharCode(code)) ? 1 : 0;\n  return (code) => code !== null && code > -1 && (code < 128 ? ascii[code] === 1 : regex.test(String.fromCharCode(code)));\n}",
  },
];
/** Each replacement of a patch applied once; throws when one no longer finds its text. */
function replaceEach(text, replacements) {
  for (const [find, replacement] of replacements) {
    const next = text.replace(find, replacement);
    if (next === text) throw new Error(`a speed patch in scripts/speedPatches.mjs found no ${find} to replace; update or drop it`);
    text = next;
  }
  return text;
}

/** The source of an installed file with the patch applied; throws when the patch no longer finds its code. */
function patchedSource(patch, file, source) {
  if (!patch.find.test(source)) throw new Error(`${file}: the code a speed patch in scripts/speedPatches.mjs edits is not there any more (${patch.find}); update or drop that patch`);
  return source.replace(patch.find, patch.replace);
}

/** The esbuild plugin that applies every patch to the files it names. */
export const speedPatchesPlugin = {
  name: "speed-patches",
  setup(build) {
    for (const patch of SPEED_PATCHES) {
      build.onLoad({ filter: patch.file }, ({ path: file }) => ({ contents: patchedSource(patch, file, readFileSync(file, "utf8")), loader: "js" }));
    }
  },
};
