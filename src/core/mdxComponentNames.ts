/**
 * The capitalised components every MDX page can use without an import (the
 * keys of the components map in components.tsx). Plain data, so the build can
 * check pages for unknown components without loading React.
 */
export const MDX_COMPONENT_NAMES = ["Admonition", "CodeBlock", "Details", "Mermaid", "Tabs", "TabItem", "TryIt"] as const;
