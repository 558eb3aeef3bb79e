import clsx from "clsx";
import { Children, useContext, useRef, useState, type CSSProperties, type ReactNode } from "react";
import CopyButton from "./CopyButton";
import RunnableExample from "./RunnableExample";
import WrapToggle from "./WrapToggle";
import { useDeferredHtml } from "./useDeferredHtml";
import { DEFERRED_HTML_ATTRIBUTE } from "../../client/deferredHtml";
import { RunnableExamplesContext } from "../../client/contexts/RunnableExamplesContext";
import { loadRunnableExample } from "../../client/runnableExamples";
import "./CodeBlock.css";

export interface CodeBlockProps {
  /** The code, when not highlighted at build time (`<CodeBlock>{code}</CodeBlock>` with a computed string). */
  children?: ReactNode;
  /** `language-js` style class, as Docusaurus accepts it. */
  className?: string;
  language?: string;
  title?: ReactNode;
  /** `true`, or the number of the first line. */
  showLineNumbers?: boolean | number | string;
  /** Lines highlighted at build time (see src/node/markdown/codeBlocks.ts). */
  html?: string;
  /** Instead of `html`: the key of the block's HTML among the page's deferred strings (production builds). */
  htmlKey?: number | string;
  /** `output`: the expected output of the example above it. */
  variant?: "output";
}

function codeText(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === "string" || typeof child === "number" ? String(child) : ""))
    .join("")
    .replace(/\n$/, "");
}

function firstLineNumber(showLineNumbers: CodeBlockProps["showLineNumbers"]): number | undefined {
  if (showLineNumbers === undefined || showLineNumbers === false) return undefined;
  if (showLineNumbers === true || showLineNumbers === "") return 1;
  const start = Number(showLineNumbers);
  return Number.isInteger(start) && start > 0 ? start : 1;
}

/**
 * A block of code: optional title, lines (highlighted at build time, so no
 * highlighter runs in the browser), optional line numbers, and buttons to
 * copy the code and to toggle soft wrapping. Line numbers are drawn by CSS,
 * so they are never copied. A block the route's data names runnable gets Try it.
 */
export default function CodeBlock({ children, className, language, title, showLineNumbers, html: inlineHtml, htmlKey, variant }: CodeBlockProps) {
  const key = htmlKey === undefined ? undefined : Number(htmlKey);
  const html = useDeferredHtml(key) ?? inlineHtml;
  const runnable = useContext(RunnableExamplesContext);
  const codeRef = useRef<HTMLElement>(null);
  const [wrapped, setWrapped] = useState(false);
  const lang = language ?? /(?:^|\s)language-(\S+)/.exec(className ?? "")?.[1];
  const start = firstLineNumber(showLineNumbers);
  const preStyle = start !== undefined && start !== 1 ? ({ counterReset: `code-block-line ${start - 1}` } as CSSProperties) : undefined;
  const codeClass = clsx("code-block__code", lang && `language-${lang}`);
  let code: ReactNode;
  if (key !== undefined) {
    // Until deferred HTML that was not in the document has loaded, the block is empty.
    code = <code ref={codeRef} className={codeClass} {...{ [DEFERRED_HTML_ATTRIBUTE]: key }} dangerouslySetInnerHTML={{ __html: html ?? "" }} />;
  } else if (html !== undefined) {
    code = <code ref={codeRef} className={codeClass} dangerouslySetInnerHTML={{ __html: html }} />;
  } else {
    const lines = codeText(children).split("\n");
    code = (
      <code ref={codeRef} className={codeClass}>
        {lines.map((line, index) => (
          <span key={index} className="code-block__line">
            {line}
            {index < lines.length - 1 ? "\n" : ""}
          </span>
        ))}
      </code>
    );
  }
  const block = (
    <div
      className={clsx("code-block", variant && `code-block--${variant}`, start !== undefined && "code-block--line-numbers", wrapped && "code-block--wrap", className)}
      data-language={lang}
    >
      {title && <div className="code-block__title">{title}</div>}
      <div className="code-block__body">
        <pre className="code-block__pre" tabIndex={0} style={preStyle}>
          {code}
        </pre>
        <div className="code-block__buttons">
          <WrapToggle wrapped={wrapped} onToggle={() => setWrapped((value) => !value)} />
          <CopyButton getText={() => codeRef.current?.textContent ?? ""} />
        </div>
      </div>
    </div>
  );
  if (key === undefined || !runnable?.blocks.includes(key)) return block;
  return <RunnableExample load={() => loadRunnableExample(runnable, key)}>{block}</RunnableExample>;
}
