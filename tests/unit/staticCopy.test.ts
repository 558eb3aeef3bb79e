import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyStaticFiles } from "../../src/node/build/staticCopy";
import { isServableFile } from "../../src/node/serve/safeFile";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
/** A project with static/, a secret outside it and an empty output folder. */
function layout() {
  const root = mkdtempSync(path.join(tmpdir(), "static-"));
  dirs.push(root);
  const project = path.join(root, "project");
  mkdirSync(path.join(project, "static/img"), { recursive: true });
  mkdirSync(path.join(project, "shared"), { recursive: true });
  writeFileSync(path.join(project, "static/img/logo.svg"), "<svg/>");
  writeFileSync(path.join(project, "shared/notes.txt"), "shared");
  writeFileSync(path.join(root, "secret.txt"), "root:x:0:0");
  return { root, project, staticDir: path.join(project, "static"), out: path.join(root, "out") };
}

describe("copying static/", () => {
  it("copies regular files and links that stay inside the project", () => {
    const { project, staticDir, out } = layout();
    symlinkSync(path.join(project, "shared/notes.txt"), path.join(staticDir, "notes.txt"));
    symlinkSync(path.join(project, "shared"), path.join(staticDir, "shared"));
    copyStaticFiles(staticDir, out, project);
    expect(readFileSync(path.join(out, "img/logo.svg"), "utf8")).toBe("<svg/>");
    expect(readFileSync(path.join(out, "notes.txt"), "utf8")).toBe("shared");
    expect(readFileSync(path.join(out, "shared/notes.txt"), "utf8")).toBe("shared");
  });

  it("fails naming a link that leaves the project, and copies nothing of it", () => {
    const { root, project, staticDir, out } = layout();
    const link = path.join(staticDir, "passwd");
    symlinkSync(path.join(root, "secret.txt"), link);
    expect(() => copyStaticFiles(staticDir, out, project)).toThrow(`${link}: symbolic link leads outside the project`);
    expect(existsSync(path.join(out, "passwd"))).toBe(false);
  });

  it("fails naming a dangling link and a link loop", () => {
    const { project, staticDir, out } = layout();
    const dangling = path.join(staticDir, "gone.png");
    symlinkSync(path.join(project, "nowhere.png"), dangling);
    expect(() => copyStaticFiles(staticDir, out, project)).toThrow(`${dangling}: symbolic link to a file that does not exist`);
    rmSync(dangling);
    const loop = path.join(staticDir, "img/again");
    symlinkSync(staticDir, loop);
    expect(() => copyStaticFiles(staticDir, out, project)).toThrow(`${loop}: symbolic link loop`);
  });
});

describe("servable files", () => {
  it("refuses links that leave the served folder, and folders", () => {
    const { root, project, staticDir } = layout();
    symlinkSync(path.join(root, "secret.txt"), path.join(staticDir, "passwd"));
    expect(isServableFile(path.join(staticDir, "img/logo.svg"), project)).toBe(true);
    expect(isServableFile(path.join(staticDir, "passwd"), project)).toBe(false);
    expect(isServableFile(path.join(staticDir, "img"), project)).toBe(false);
    expect(isServableFile(path.join(staticDir, "missing"), project)).toBe(false);
  });
});
