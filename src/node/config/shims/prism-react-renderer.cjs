// Stands in for prism-react-renderer when a Docusaurus config imports it but the
// site has not installed it: every theme is a marker naming itself, which
// src/node/config/docusaurus.ts turns into one of our code themes by name.
exports.themes = new Proxy({}, { get: (_target, name) => ({ __prismThemeName: String(name) }) });
