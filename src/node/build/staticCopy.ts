import { copyFileSync, lstatSync, mkdirSync, readdirSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { SiteError } from "../errors";

const isInside = (child: string, parent: string) => child === parent || child.startsWith(parent + path.sep);

/**
 * Where a path really leads, if that is inside `projectDir`; otherwise a
 * SiteError naming the link. Links may point anywhere inside the project
 * (a shared image folder), never out of it: a link to /etc/passwd must not
 * end up published.
 */
export function resolveInsideProject(file: string, projectDir: string): string {
  let real: string;
  try {
    real = realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new SiteError(`${file}: symbolic link loop; replace the link with the file it should point to`);
    throw new SiteError(`${file}: symbolic link to a file that does not exist; fix or remove the link`);
  }
  const project = realpathSync(projectDir);
  if (!isInside(real, project)) throw new SiteError(`${file}: symbolic link leads outside the project (to ${real}); copy the file into the project instead`);
  return real;
}

/**
 * Copies static/ into the output: regular files only, following links only
 * when they stay inside the project. Sockets, FIFOs and devices are skipped.
 */
export function copyStaticFiles(staticDir: string, outDir: string, projectDir: string): void {
  const seen = new Set<string>();
  const copyDir = (from: string, to: string) => {
    const real = realpathSync(from);
    // A link back to an enclosing folder would otherwise recurse for ever.
    if (seen.has(real)) throw new SiteError(`${from}: symbolic link loop inside static/; remove the link`);
    seen.add(real);
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from).sort()) {
      const source = path.join(from, name);
      const target = path.join(to, name);
      const link = lstatSync(source);
      const stats = link.isSymbolicLink() ? statSync(resolveInsideProject(source, projectDir)) : link;
      if (stats.isDirectory()) copyDir(source, target);
      else if (stats.isFile()) copyFileSync(link.isSymbolicLink() ? realpathSync(source) : source, target);
    }
    seen.delete(real);
  };
  copyDir(staticDir, outDir);
}
