import type { Heading, Root } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import type { VFile } from "vfile";
import type { SearchSection } from "../../core/search/types";
import { ADMONITION_TYPES } from "../../core/constants";
import { CODE_BLOCK_COMPONENT } from "./codeBlocks";
import { parseCodeMeta } from "./codeMeta";
import { resolveLanguage } from "./highlight";
import { applyMagicComments } from "./magicComments";
import { attributeValue } from "./mdxNodes";

/**
 * The page's search sections, read from its Markdown tree during the one compile
 * (`file.data.searchSections`): the intro (before the first h2), then one section per
 * h2/h3 with its id, heading text and plain text. h4–h6 are text of the section they sit in;
 * the h1 is left out, since it repeats the page title.
 *
 * It runs after heading ids and links are settled and before the authoring features: there a
 * fence is still its code (later it is highlighted HTML), and an admonition still carries its
 * label, so no HTML is parsed to get text back.
 *
 * Text is what a reader sees: inline nodes join without a space (`sql`.`raw` reads "sql.raw"),
 * blocks are separated by one. Code blocks give their title and code (magic comments
 * dropped), admonitions their title (the type's name when untitled), JSX elements their
 * children and a constant `title`, `{"…"}` expressions their string. Left out: ESM, comments,
 * images, tab labels (buttons), and elements a reader does not read (script, style, svg,
 * button, nav, …, or marked `aria-hidden="true"` or `data-search-ignore`).
 */

export interface SearchSectionsOptions {
  /** The site's `prism.additionalLanguages`, so magic comments are read in their language's syntax. */
  additionalLanguages?: readonly string[];
}

/** Elements whose content is not reading text (matches what the rendered page hides or never shows as prose). */
const SKIPPED_ELEMENTS = new Set([
  "script", "style", "template", "svg", "button", "noscript", "iframe", "select", "textarea", "math", "h1", "nav",
]);

/** Nodes that flow inside a line: no space is put around them. */
const INLINE_NODES = new Set([
  "emphasis", "strong", "delete", "link", "linkReference", "mdxJsxTextElement", "mdxTextExpression",
]);

/** HTML elements that flow inside a line; other lowercase JSX elements (div, summary, p …) are blocks. */
const INLINE_HTML = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark",
  "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
]);

/** Nodes that show no text. */
const SILENT_NODES = new Set([
  "mdxjsEsm", "definition", "image", "imageReference", "footnoteReference", "yaml", "toml", "html", "thematicBreak",
]);

/** JSX components whose `title` attribute is shown as text. */
const TITLED_COMPONENTS = new Set(["Admonition", CODE_BLOCK_COMPONENT, "Details"]);

type Node = { type: string; value?: string; children?: Node[]; data?: unknown };
type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The string a `{…}` expression renders, when it is a constant; else nothing. */
function constantText(node: Node): string {
  const estree = (node.data as { estree?: { body: { type: string; expression?: { type: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked?: string | null } }[] } }[] } } | undefined)?.estree;
  const statement = estree?.body[0];
  const expression = statement?.type === "ExpressionStatement" ? statement.expression : undefined;
  if (!expression) return "";
  if (expression.type === "Literal" && (typeof expression.value === "string" || typeof expression.value === "number")) return String(expression.value);
  if (expression.type === "TemplateLiteral" && expression.expressions?.length === 0) return expression.quasis?.[0]?.value.cooked ?? "";
  return "";
}

function isHiddenElement(node: JsxElement): boolean {
  if (node.name && SKIPPED_ELEMENTS.has(node.name)) return true;
  if (attributeValue(node, "aria-hidden") === "true") return true;
  return attributeValue(node, "data-search-ignore") !== undefined;
}

function isDirectiveLabel(node: Node): boolean {
  return node.type === "paragraph" && Boolean((node.data as { directiveLabel?: boolean } | undefined)?.directiveLabel);
}

/** Sections of a Markdown tree whose headings already carry their ids (see headings.ts). */
export function extractSearchSections(tree: Root, options: SearchSectionsOptions = {}): SearchSection[] {
  const additionalLanguages = options.additionalLanguages ?? [];
  const sections: SearchSection[] = [];
  let current = { level: 1 as SearchSection["level"], heading: "", anchor: null as string | null, parts: [] as string[] };

  const codeText = (value: string, lang: string | null | undefined): string => {
    const language = (lang ?? "").split("{")[0]!;
    const resolved = language ? resolveLanguage(language, additionalLanguages) : undefined;
    return applyMagicComments(value, resolved?.kind === "prism" ? resolved.id : undefined).code;
  };

  /** Heading text is gathered apart while a heading is read; everything else goes to the open section. */
  let capture: string[] | null = null;
  const emit = (...parts: string[]) => (capture ?? current.parts).push(...parts);

  const walk = (node: Node): void => {
    if (SILENT_NODES.has(node.type)) return;
    switch (node.type) {
      case "text":
      case "inlineCode":
        emit(node.value ?? "");
        return;
      case "break":
        emit(" ");
        return;
      case "mdxFlowExpression":
      case "mdxTextExpression":
        emit(constantText(node));
        return;
      case "heading":
        return heading(node as unknown as Heading);
      case "code": {
        const code = node as unknown as { value: string; lang?: string | null; meta?: string | null };
        const meta = parseCodeMeta(code.meta);
        const title = meta.title ?? (meta.output ? "Output" : "");
        emit(" ", title, " ", codeText(code.value, code.lang), " ");
        return;
      }
      case "containerDirective": {
        // An admonition (admonitions.ts makes every container directive one): its title, then its content.
        const name = ((node as { name?: string }).name ?? "").toLowerCase();
        const children = node.children ?? [];
        const label = children[0] && isDirectiveLabel(children[0]) ? children[0] : undefined;
        emit(" ");
        if (label && (label.children ?? []).length > 0) for (const part of label.children ?? []) walk(part);
        else emit(capitalize((ADMONITION_TYPES as readonly string[]).includes(name) ? name : "note"));
        emit(" ");
        for (const child of label ? children.slice(1) : children) walk(child);
        emit(" ");
        return;
      }
      case "mdxJsxFlowElement":
      case "mdxJsxTextElement": {
        const element = node as unknown as JsxElement;
        if (isHiddenElement(element)) return;
        // A component is inline where it is written inline; an HTML element by what it is.
        const name = element.name ?? "";
        const inline = /^[a-z]/.test(name) ? INLINE_HTML.has(name) : node.type === "mdxJsxTextElement";
        if (!inline) emit(" ");
        const title = element.name && TITLED_COMPONENTS.has(element.name) ? attributeValue(element, "title") : undefined;
        if (typeof title === "string") emit(title, " ");
        for (const child of node.children ?? []) walk(child);
        if (!inline) emit(" ");
        return;
      }
      default: {
        const block = !INLINE_NODES.has(node.type);
        if (block) emit(" ");
        for (const child of node.children ?? []) walk(child);
        if (block) emit(" ");
      }
    }
  };

  const finish = () => {
    sections.push({ level: current.level, heading: current.heading, anchor: current.anchor, text: collapseWhitespace(current.parts.join("")) });
  };

  /** h2/h3 open a section; h4–h6 are text of the one they are in; the h1 (the page title) is left out. */
  function heading(node: Heading): void {
    if (node.depth === 1) return;
    const words: string[] = [];
    capture = words;
    for (const child of node.children) walk(child as Node);
    capture = null;
    const text = collapseWhitespace(words.join(""));
    if (node.depth > 3) {
      emit(" ", text, " ");
      return;
    }
    finish();
    const id = (node.data as { hProperties?: { id?: unknown } } | undefined)?.hProperties?.id;
    current = { level: node.depth as 2 | 3, heading: text, anchor: typeof id === "string" && id ? id : null, parts: [] };
  }

  // Document order: a heading met anywhere (inside a tab, say) closes the section before it.
  for (const child of tree.children) walk(child as Node);
  finish();
  return sections;
}

/** The remark plugin: puts the page's sections in `file.data.searchSections`. */
export function remarkSearchSections(options: SearchSectionsOptions = {}) {
  return (tree: Root, file: VFile) => {
    file.data.searchSections = extractSearchSections(tree, options);
  };
}
