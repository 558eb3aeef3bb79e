import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveRequest } from "../../src/node/serve/resolveRequest";

const root = "/site/build";
const files = new Set(["/site/build/index.html", "/site/build/x/index.html", "/site/build/assets/a.js", "/site/build/page.html"]);
const isFile = (file: string) => files.has(path.resolve(file));

describe("static request resolution", () => {
  it("serves /x and /x/ from x/index.html", () => {
    expect(resolveRequest(root, "/x", isFile)).toEqual({ kind: "file", file: "/site/build/x/index.html" });
    expect(resolveRequest(root, "/x/", isFile)).toEqual({ kind: "file", file: "/site/build/x/index.html" });
    expect(resolveRequest(root, "/", isFile)).toEqual({ kind: "file", file: "/site/build/index.html" });
  });

  it("serves plain files and .html pages without the extension", () => {
    expect(resolveRequest(root, "/assets/a.js?v=1", isFile)).toEqual({ kind: "file", file: "/site/build/assets/a.js" });
    expect(resolveRequest(root, "/page", isFile)).toEqual({ kind: "file", file: "/site/build/page.html" });
  });

  it("reports unknown paths as not found", () => {
    expect(resolveRequest(root, "/nope", isFile)).toEqual({ kind: "not-found" });
  });

  it("refuses paths that leave the folder, raw or encoded", () => {
    for (const attempt of ["/../etc/passwd", "/%2e%2e/etc/passwd", "/x/%2E%2E/%2e%2e/secret", "/a/..%2f..%2fb", "/%00", "/%zz", "/..\\x"]) {
      expect(resolveRequest(root, attempt, isFile)).toEqual({ kind: "forbidden" });
    }
  });
});
