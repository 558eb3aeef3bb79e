/**
 * Rendered article HTML → heading sections of plain text, with a small tokenizer of our own
 * (no DOM on the Node side).
 *
 * - h2 and h3 start a section (their `id` is the anchor); text before the first h2 is the intro.
 * - Block elements separate words; inline elements (code, a, span…) do not, so
 *   `<code>sql</code>.<code>raw</code>` reads "sql.raw".
 * - Skipped entirely: script, style, template, svg, button, noscript, h1, nav, elements with
 *   aria-hidden="true" or a `data-search-ignore` attribute, and headings' own anchor links
 *   (class hash-link, heading-anchor or anchor-link, or an aria-label "Direct link…").
 */

export interface HtmlSection {
  /** 1 for the intro (before the first h2), else 2 or 3. */
  level: 1 | 2 | 3;
  /** The heading text (empty for the intro). */
  heading: string;
  /** The heading's id attribute, if any. */
  anchor: string | null;
  /** The section's text, whitespace collapsed. */
  text: string;
}

const VOID_ELEMENTS = new Set([
  "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
]);

/** Not indexed: non-text elements, the h1 (it repeats the page title) and navigation inside the article. */
const SKIPPED_ELEMENTS = new Set([
  "script", "style", "template", "svg", "button", "noscript", "iframe", "select", "textarea", "math", "h1", "nav",
]);

const INLINE_ELEMENTS = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark",
  "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—",
  hellip: "…", lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", laquo: "«", raquo: "»",
  copy: "©", reg: "®", trade: "™", times: "×", middot: "·", bull: "•", rarr: "→", larr: "←",
  harr: "↔", uarr: "↑", darr: "↓", shy: "", zwj: "", zwnj: "", ensp: " ", emsp: " ", thinsp: " ",
  deg: "°", plusmn: "±", para: "¶", sect: "§", lbrace: "{", rbrace: "}", lpar: "(", rpar: ")",
  grave: "`", equals: "=", colon: ":", semi: ";", comma: ",", period: ".", excl: "!", quest: "?",
  num: "#", dollar: "$", percent: "%", ast: "*", plus: "+", sol: "/", bsol: "\\", verbar: "|", lowbar: "_",
  hyphen: "-", Hat: "^", tilde: "˜", lsqb: "[", rsqb: "]", commat: "@",
};

export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
      return String.fromCodePoint(code);
    }
    const value = NAMED_ENTITIES[name] ?? NAMED_ENTITIES[name.toLowerCase()];
    return value ?? whole;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Map<string, string>;
}

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseTag(source: string): Tag | null {
  // source is the text between "<" and ">".
  const closing = source.startsWith("/");
  const body = closing ? source.slice(1) : source;
  const nameMatch = /^[a-zA-Z][a-zA-Z0-9:-]*/.exec(body);
  if (!nameMatch) return null;
  const name = nameMatch[0].toLowerCase();
  const rest = body.slice(nameMatch[0].length);
  const attrs = new Map<string, string>();
  if (!closing) {
    ATTRIBUTE.lastIndex = 0;
    for (let m = ATTRIBUTE.exec(rest); m; m = ATTRIBUTE.exec(rest)) {
      attrs.set(m[1]!.toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ""));
    }
  }
  return { name, closing, selfClosing: /\/\s*$/.test(rest), attrs };
}

/** Finds the ">" that ends a tag starting at `from`, skipping quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote = "";
  for (let i = from; i < html.length; i++) {
    const ch = html[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      // Only a quote right after "=" (and optional spaces) opens a value.
      let j = i - 1;
      while (j > from && /\s/.test(html[j]!)) j--;
      if (html[j] === "=") quote = ch;
    } else if (ch === ">") {
      return i;
    }
  }
  return -1;
}

function isSkipped(tag: Tag): boolean {
  if (SKIPPED_ELEMENTS.has(tag.name)) return true;
  if (tag.attrs.get("aria-hidden") === "true") return true;
  if (tag.attrs.has("data-search-ignore")) return true;
  // The "#" link a heading carries to its own anchor.
  if (/^direct link/i.test(tag.attrs.get("aria-label") ?? "")) return true;
  const className = tag.attrs.get("class");
  return className !== undefined && /(^|\s)(hash-link|heading-anchor|anchor-link)(\s|$)/.test(className);
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Splits an article's HTML into its intro and its h2/h3 sections. */
export function htmlToSections(html: string): HtmlSection[] {
  const sections: HtmlSection[] = [];
  let current = { level: 1 as 1 | 2 | 3, anchor: null as string | null, heading: "", text: "" };
  /** While inside an h2/h3: its level, the depth it opened at, and its text so far. */
  let heading: { level: 2 | 3; anchor: string | null; text: string } | null = null;
  /** Open elements, to find where a skipped element or a heading ends. */
  const stack: string[] = [];
  let skipDepth = -1;

  const emit = (text: string) => {
    if (skipDepth >= 0) return;
    if (heading) heading.text += text;
    else current.text += text;
  };
  const finishSection = () => {
    sections.push({
      level: current.level,
      heading: collapseWhitespace(current.heading),
      anchor: current.anchor,
      text: collapseWhitespace(current.text),
    });
  };

  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) {
      emit(decodeEntities(html.slice(i)));
      break;
    }
    if (lt > i) emit(decodeEntities(html.slice(i, lt)));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html.startsWith("<![CDATA[", lt)) {
      const end = html.indexOf("]]>", lt + 9);
      emit(html.slice(lt + 9, end < 0 ? html.length : end));
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    const end = tagEnd(html, lt + 1);
    const tag = end < 0 ? null : parseTag(html.slice(lt + 1, end));
    if (!tag) {
      // A stray "<": it is text.
      emit("<");
      i = lt + 1;
      continue;
    }
    i = end + 1;

    if (tag.closing) {
      const at = stack.lastIndexOf(tag.name);
      if (at < 0) continue; // a closing tag nothing opened
      stack.length = at;
      if (skipDepth >= 0 && at <= skipDepth) skipDepth = -1;
      if (heading && (tag.name === "h2" || tag.name === "h3")) {
        finishSection();
        current = { level: heading.level, anchor: heading.anchor, heading: heading.text, text: "" };
        heading = null;
      } else if (!INLINE_ELEMENTS.has(tag.name)) {
        emit(" ");
      }
      continue;
    }

    if (!INLINE_ELEMENTS.has(tag.name)) emit(" ");
    if (VOID_ELEMENTS.has(tag.name) || tag.selfClosing) continue;
    // Raw-text elements: jump to their end tag without reading their content as HTML.
    if (tag.name === "script" || tag.name === "style") {
      const closer = new RegExp(`</${tag.name}\\s*>`, "ig");
      closer.lastIndex = i;
      const close = closer.exec(html);
      i = close ? close.index + close[0].length : html.length;
      continue;
    }
    if (skipDepth < 0 && isSkipped(tag)) skipDepth = stack.length;
    if (skipDepth < 0 && !heading && (tag.name === "h2" || tag.name === "h3")) {
      heading = { level: tag.name === "h2" ? 2 : 3, anchor: tag.attrs.get("id") || null, text: "" };
    }
    stack.push(tag.name);
  }
  if (heading) {
    // An unclosed heading: what was read is its heading.
    finishSection();
    current = { level: heading.level, anchor: heading.anchor, heading: heading.text, text: "" };
  }
  finishSection();
  return sections;
}
