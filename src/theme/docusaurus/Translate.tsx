import type { ReactNode } from "react";

/** Fills `{name}` placeholders from values; the site has one locale, so the message is the text. */
function interpolate(message: string, values?: Record<string, ReactNode>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (values && name in values ? String(values[name]) : whole));
}

/** `@docusaurus/Translate`'s function form. */
export function translate({ message, id }: { message?: string; id?: string; description?: string }, values?: Record<string, ReactNode>): string {
  return interpolate(message ?? id ?? "", values);
}

/** `@docusaurus/Translate`: the default-locale text of a message. */
export default function Translate({ children, values }: { children?: string; id?: string; description?: string; values?: Record<string, ReactNode> }) {
  return <>{interpolate(children ?? "", values)}</>;
}
