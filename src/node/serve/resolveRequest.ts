import path from "node:path";
import mime from "mime-types";

export type StaticResolution =
  | { kind: "file"; file: string }
  | { kind: "not-found" }
  | { kind: "forbidden" };

/**
 * Maps a request path to a file in the build folder the way a static host
 * does: "/x", "/x/" and "/x/index.html" all reach x/index.html. Anything that
 * would step outside the folder (".." raw or percent-encoded, NUL bytes) is refused.
 */
export function resolveRequest(rootDir: string, requestPath: string, isFile: (file: string) => boolean): StaticResolution {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath.split(/[?#]/)[0]);
  } catch {
    return { kind: "forbidden" };
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return { kind: "forbidden" };
  const segments = decoded.split("/");
  if (segments.some((segment) => segment === "..")) return { kind: "forbidden" };
  const root = path.resolve(rootDir);
  const target = path.resolve(root, `.${decoded}`);
  if (target !== root && !target.startsWith(root + path.sep)) return { kind: "forbidden" };
  const candidates = decoded.endsWith("/") ? [path.join(target, "index.html")] : [target, path.join(target, "index.html"), `${target}.html`];
  for (const candidate of candidates) if (isFile(candidate)) return { kind: "file", file: candidate };
  return { kind: "not-found" };
}

/** The Content-Type for a file name, from the mime-db table (pdf, woff2, wasm, webmanifest …). */
export function contentType(file: string): string {
  return mime.contentType(path.extname(file).toLowerCase() || "bin") || "application/octet-stream";
}
