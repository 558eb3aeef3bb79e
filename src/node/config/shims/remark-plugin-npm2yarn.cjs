// Stands in for @docusaurus/remark-plugin-npm2yarn, installed or not: the
// generator has its own implementation (src/node/markdown/npm2yarn.ts), and
// src/node/config/docusaurus.ts finds this function in a remarkPlugins list
// by its marker and passes the options on to it.
function npm2yarn() {
  return function leaveTreeAlone() {};
}
npm2yarn.generatorFeature = "npm2yarn";
module.exports = npm2yarn;
