import path from "node:path";
import type { Code, Root } from "mdast";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import type { VFile } from "vfile";
import { TRY_IT_COMPONENT, isPlaygroundRunnable, type RunnableExample } from "../../core/playground";
import { parseCodeMeta, type CodeMeta } from "./codeMeta";
import type { FeatureContext } from "./featureContext";
import { highlightLines, resolveLanguage, type LanguageResolution } from "./highlight";
import { applyMagicComments } from "./magicComments";
import { deferredHtmlOf } from "./deferredHtml";
import { attributeValue, esmImport, jsxFlowElement, setAttribute } from "./mdxNodes";

/** The component code blocks render with (in the MDX components map; also `@theme/CodeBlock`). */
export const CODE_BLOCK_COMPONENT = "CodeBlock";

export interface HighlightedCode {
  /** One span per line (class `code-block__line`, plus `--highlighted`), newline-separated inside the spans. */
  html: string;
  lineCount: number;
}

/** Joins highlighted lines into the HTML the CodeBlock component renders inside `<code>`. */
export function renderLines(lines: string[], highlighted: ReadonlySet<number>): string {
  return lines
    .map((html, index) => {
      const className = highlighted.has(index + 1) ? "code-block__line code-block__line--highlighted" : "code-block__line";
      return `<span class="${className}">${html}${index < lines.length - 1 ? "\n" : ""}</span>`;
    })
    .join("");
}

interface BlockInput {
  code: string;
  language: string;
  meta: string | undefined;
  /** The line of the opening fence (or the JSX tag), for messages. */
  line: number | undefined;
  /** Line in the file of the first code line, when known (fences). */
  firstCodeLine: number | undefined;
}

interface BlockOutput {
  props: Record<string, string | number | boolean | undefined>;
  code: string;
  meta: CodeMeta;
}

function buildBlock(input: BlockInput, context: FeatureContext): BlockOutput {
  const warn = (message: string, line = input.line) => context.warn({ file: context.file, line, message });
  const meta = parseCodeMeta(input.meta);
  for (const problem of meta.problems) warn(`malformed code-block meta: ${problem}`);

  let resolution: LanguageResolution = { kind: "plain" };
  if (input.language) {
    resolution = resolveLanguage(input.language, context.prism.additionalLanguages);
    if (resolution.kind === "unknown") {
      warn(`unknown code language "${input.language}" (${resolution.reason}); the block is shown as plain text`);
      resolution = { kind: "plain" };
    }
  }

  const magic = applyMagicComments(input.code, resolution.kind === "prism" ? resolution.id : undefined);
  for (const problem of magic.problems) {
    warn(problem.message, input.firstCodeLine !== undefined ? input.firstCodeLine + problem.line - 1 : input.line);
  }
  const lines = highlightLines(magic.code, resolution);
  const highlighted = new Set([...magic.highlightLines, ...meta.highlightLines]);
  const beyond = meta.highlightLines.filter((line) => line > lines.length);
  if (beyond.length > 0) warn(`malformed code-block meta: highlighted line ${beyond.join(", ")} is past the last line (${lines.length})`);

  return {
    code: magic.code,
    meta,
    props: {
      language: input.language || undefined,
      // An output block without its own title gets a small "Output" caption.
      title: meta.title ?? (meta.output ? "Output" : undefined),
      variant: meta.output && meta.title === undefined ? "output" : undefined,
      showLineNumbers: meta.lineNumbersStart,
      html: renderLines(lines, highlighted),
    },
  };
}

/** The code-block element gets its HTML, or with deferral the key of its HTML in the page's deferred list. */
function placeHtml(node: MdxJsxFlowElement, html: string, context: FeatureContext, file: VFile): void {
  if (!context.deferHtml) return setAttribute(node, "html", html);
  // The key is the string's index among the page's deferred strings.
  const strings = deferredHtmlOf(file);
  setAttribute(node, "htmlKey", strings.length);
  strings.push(html);
}

/** The code of `<CodeBlock>{`…`}</CodeBlock>` when it is a constant string, else undefined. */
function staticChildren(node: MdxJsxFlowElement): string | undefined {
  if (node.children.length !== 1) return undefined;
  const child = node.children[0];
  if (child.type === "mdxFlowExpression") {
    const statement = child.data?.estree?.body[0];
    if (statement?.type !== "ExpressionStatement") return undefined;
    const expression = statement.expression;
    if (expression.type === "Literal" && typeof expression.value === "string") return expression.value;
    if (expression.type === "TemplateLiteral" && expression.expressions.length === 0) return expression.quasis[0].value.cooked ?? undefined;
    return undefined;
  }
  if (child.type === "paragraph" && child.children.every((part) => part.type === "text")) {
    return child.children.map((part) => (part as { value: string }).value).join("");
  }
  return undefined;
}

function importPath(fromFile: string, target: string): string {
  const relative = path.relative(path.dirname(fromFile), target).split(path.sep).join("/");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** The page's runnable examples by their code block's deferred-HTML key, kept on the file until the compile returns them. */
export function runnableExamplesOf(file: VFile): Record<number, RunnableExample> {
  file.data.runnableExamples ??= {};
  return file.data.runnableExamples as Record<number, RunnableExample>;
}

/**
 * A doc-test example the site's playground can run, with its exact code (the
 * doc tests ran this text) and how they ran it. A block whose HTML is deferred
 * (a built route's) only records it: the page's JavaScript stays the same as
 * without a playground, and the route's data says which blocks get Try it
 * (RunnableExamples). Any other block is wrapped in `<TryIt>`.
 */
function runnableExample(code: string, language: string, meta: CodeMeta, context: FeatureContext, codeBlock: MdxJsxFlowElement, file: VFile): MdxJsxFlowElement | undefined {
  const packages = context.playgroundPackages;
  if (!packages || !meta.doctest || !isPlaygroundRunnable(language, code, packages)) return undefined;
  const key = attributeValue(codeBlock, "htmlKey");
  if (typeof key === "string") {
    runnableExamplesOf(file)[Number(key)] = { code, query: meta.query, env: { ...meta.env } };
    return undefined;
  }
  const props = { code, query: meta.query, env: Object.keys(meta.env).length > 0 ? JSON.stringify(meta.env) : undefined };
  const wrapper = jsxFlowElement(TRY_IT_COMPONENT, props, [codeBlock]);
  wrapper.position = codeBlock.position;
  return wrapper;
}

/**
 * Highlights fenced code with Prism at build time. Each fence becomes a
 * `<CodeBlock>` element carrying its highlighted HTML, so the browser gets
 * coloured code and no highlighter. `<CodeBlock>` written in MDX with a
 * constant string is highlighted the same way.
 */
export function remarkCodeBlocks(context: FeatureContext) {
  return (tree: Root, file: VFile) => {
    let count = 0;
    visit(tree, "code", (node: Code, index, parent) => {
      if (!parent || index === undefined) return;
      let language = node.lang ?? "";
      let meta = node.meta ?? undefined;
      // `js{1,3}` and `js title="x"` without a space before the brace.
      const brace = language.indexOf("{");
      if (brace > 0) {
        meta = `${language.slice(brace)} ${meta ?? ""}`.trim();
        language = language.slice(0, brace);
      }
      const line = node.position?.start.line;
      const block = buildBlock({ code: node.value, language, meta, line, firstCodeLine: line !== undefined ? line + 1 : undefined }, context);
      const { html, ...props } = block.props;
      const element = jsxFlowElement(CODE_BLOCK_COMPONENT, props);
      placeHtml(element, String(html), context, file);
      element.position = node.position;
      parent.children[index] = (runnableExample(node.value, language, block.meta, context, element, file) ?? element) as unknown as Code;
      count++;
    });
    visit(tree, "mdxJsxFlowElement", (node: MdxJsxFlowElement) => {
      if (node.name !== CODE_BLOCK_COMPONENT || attributeValue(node, "html") !== undefined || attributeValue(node, "htmlKey") !== undefined) return;
      count++;
      const code = staticChildren(node);
      if (code === undefined) return;
      const className = attributeValue(node, "className");
      const language = attributeValue(node, "language") ?? (typeof className === "string" ? /language-(\S+)/.exec(className)?.[1] : undefined);
      const metaParts = [attributeValue(node, "metastring")];
      const title = attributeValue(node, "title");
      const lineNumbers = attributeValue(node, "showLineNumbers");
      const line = node.position?.start.line;
      const block = buildBlock(
        { code: code.replace(/\n$/, ""), language: typeof language === "string" ? language : "", meta: metaParts.filter((part) => typeof part === "string").join(" "), line, firstCodeLine: undefined },
        context,
      );
      placeHtml(node, String(block.props.html), context, file);
      if (title === undefined && block.props.title) setAttribute(node, "title", block.props.title);
      if (lineNumbers === undefined && block.props.showLineNumbers !== undefined) setAttribute(node, "showLineNumbers", block.props.showLineNumbers);
      node.children = [];
    });
    if (count > 0 && context.prism.themeStylesheet && file.path) {
      tree.children.unshift(esmImport(importPath(file.path, context.prism.themeStylesheet)));
    }
  };
}
