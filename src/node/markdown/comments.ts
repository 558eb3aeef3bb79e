/** Escapes `{#id}` at the end of headings, which MDX would otherwise read as a JavaScript expression. */
export function escapeHeadingIds(source: string): string {
  return source.replace(/^(#{1,6}[ \t].*?)\{#([^}\s]+)\}[ \t]*$/gm, "$1\\{#$2\\}");
}

/**
 * MDX 1 compatibility: HTML comments are a syntax error in MDX 2+, so they
 * are turned into MDX comments before parsing. Code (fenced and inline) is
 * left alone. Line count is preserved so errors still point at the right line.
 */
export function convertHtmlComments(source: string): string {
  const lines = source.split("\n");
  let fence: string | null = null;
  let inComment = false;
  return lines
    .map((line) => {
      const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
      if (fenceMatch && !inComment) {
        if (fence === null) fence = fenceMatch[1];
        else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = null;
        return line;
      }
      if (fence !== null) return line;
      let out = "";
      let rest = line;
      while (rest.length > 0) {
        if (inComment) {
          const end = rest.indexOf("-->");
          if (end < 0) {
            out += rest.replace(/\*\//g, "* /");
            rest = "";
          } else {
            out += rest.slice(0, end).replace(/\*\//g, "* /") + "*/}";
            rest = rest.slice(end + 3);
            inComment = false;
          }
          continue;
        }
        const tick = rest.indexOf("`");
        const open = rest.indexOf("<!--");
        if (open < 0) {
          out += rest;
          rest = "";
        } else if (tick >= 0 && tick < open) {
          const close = rest.indexOf("`", tick + 1);
          const upTo = close < 0 ? rest.length : close + 1;
          out += rest.slice(0, upTo);
          rest = rest.slice(upTo);
        } else {
          out += `${rest.slice(0, open)}{/*`;
          rest = rest.slice(open + 4);
          inComment = true;
        }
      }
      return out;
    })
    .join("\n");
}
