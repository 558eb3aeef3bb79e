/**
 * Type-checks documentation code blocks with the TypeScript compiler API, in
 * one Program, against the types of the installed packages:
 *
 * - `ts` doctest blocks and `typecheck` blocks must compile under `strict`;
 * - `expect-error=TS…` blocks must fail with exactly the listed codes;
 * - `signature=<pkg>[:<object>]` blocks must compile, and every declaration in
 *   them must print the same as the package's own declaration of that name.
 *
 * Blocks become virtual files under <root>/.doctest-virtual/ (never written to disk).
 */
import path from "node:path";
import ts from "typescript";
import type { CodeBlock } from "./blocks.ts";

export interface BlockDiagnostic {
  code: number;
  /** 1-based line in the Markdown file. */
  line: number;
  message: string;
}

export interface TypeCheckResult {
  diagnostics: BlockDiagnostic[];
  /** Differences between a signature block and the package's declarations. */
  signatureProblems: string[];
}

export const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  skipLibCheck: true,
  allowJs: true,
  checkJs: true,
};

const FORMAT = ts.TypeFormatFlags.NoTruncation;

function virtualName(root: string, block: CodeBlock): string {
  const slug = block.file.replace(/[^A-Za-z0-9]+/g, "_");
  const ext = block.isTs ? ".mts" : ".mjs";
  return path.join(root, ".doctest-virtual", `${slug}_L${block.line}${ext}`);
}

function makeHost(files: Map<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(path.resolve(f)) || fileExists.call(host, f);
  host.readFile = (f) => files.get(path.resolve(f)) ?? readFile.call(host, f);
  host.getSourceFile = (f, lang, onError, create) => {
    const text = files.get(path.resolve(f));
    if (text !== undefined) return ts.createSourceFile(f, text, lang, true);
    return getSourceFile.call(host, f, lang, onError, create);
  };
  return host;
}

const RESERVED = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "undefined implements interface let package private protected public static yield await").split(" "),
);

function isIdentifierName(name: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  // A reserved word (true, null, default, ...) cannot be imported under its own name.
  return !RESERVED.has(name);
}

/** Top-level names a signature block declares (functions, consts, interfaces, types, classes). */
function declaredNames(sf: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if ((ts.isFunctionDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
      names.add(st.name.text);
    }
  }
  return names;
}

/** Adds `declare` to top-level value declarations that have neither `declare` nor `export` (signature blocks are written like .d.ts files). */
function ambientize(code: string): string {
  const sf = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  const inserts: number[] = [];
  for (const st of sf.statements) {
    if (!(ts.isFunctionDeclaration(st) || ts.isVariableStatement(st) || ts.isClassDeclaration(st))) continue;
    const mods = ts.canHaveModifiers(st) ? (ts.getModifiers(st) ?? []) : [];
    if (mods.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword || m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    inserts.push(st.getStart(sf));
  }
  let out = code;
  for (const pos of inserts.reverse()) out = out.slice(0, pos) + "declare " + out.slice(pos);
  return out;
}

/** Names exported by each package, read from a tiny first Program (reused by the second one). */
function packageExports(root: string, pkgs: string[], files: Map<string, string>) {
  const stub = path.join(root, ".doctest-virtual", "__exports.mts");
  files.set(stub, pkgs.map((p, i) => `import type * as p${i} from ${JSON.stringify(p)};`).join("\n") + "\nexport {};\n");
  const program = ts.createProgram([stub], COMPILER_OPTIONS, makeHost(files));
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(stub)!;
  const result = new Map<string, string[]>();
  sf.statements.forEach((st, i) => {
    if (!ts.isImportDeclaration(st)) return;
    const mod = checker.getSymbolAtLocation(st.moduleSpecifier);
    result.set(pkgs[i], mod ? checker.getExportsOfModule(mod).map((s) => s.name) : []);
  });
  return { program, exports: result };
}

const OPEN = "([{<";
const CLOSE = ")]}>";

/** Splits at `sep` outside brackets (an arrow's `>` is not a bracket). */
function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ">" && s[i - 1] === "=") continue;
    if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) depth--;
    else if (depth === 0 && s.startsWith(sep, i)) {
      parts.push(s.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

/**
 * Canonical form of a printed type: union members sorted at every nesting level,
 * since the checker prints them in type-creation order, which differs between
 * the page's declarations and the package's.
 */
export function canonicalType(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const k = OPEN.indexOf(c);
    if (k < 0 || (c === "<" && s[i - 1] === " ")) {
      out += c;
      continue;
    }
    let depth = 0;
    let j = i;
    for (; j < s.length; j++) {
      if (s[j] === ">" && s[j - 1] === "=") continue;
      if (OPEN.includes(s[j])) depth++;
      else if (CLOSE.includes(s[j])) depth--;
      if (depth === 0) break;
    }
    out += c + canonicalType(s.slice(i + 1, j)) + (s[j] ?? "");
    i = j;
  }
  return splitTop(out, "; ")
    .map((a) => splitTop(a, ", ").map((b) => splitTop(b, " | ").sort().join(" | ")).join(", "))
    .join("; ");
}

function describeType(checker: ts.TypeChecker, type: ts.Type): string {
  const sigs = type.getCallSignatures();
  if (sigs.length > 0) return sigs.map((s) => canonicalType(checker.signatureToString(s, undefined, FORMAT))).join("\n    & ");
  return canonicalType(checker.typeToString(type, undefined, FORMAT));
}

/** The members of an interface/class instance type, one printed line each. */
function describeMembers(checker: ts.TypeChecker, type: ts.Type): Map<string, string> {
  const members = new Map<string, string>();
  for (const p of checker.getPropertiesOfType(type)) {
    const optional = p.flags & ts.SymbolFlags.Optional ? "?" : "";
    members.set(checker.symbolToString(p) + optional, describeType(checker, checker.getTypeOfSymbol(p)));
  }
  type.getCallSignatures().forEach((s, i) => members.set(`(call ${i + 1})`, canonicalType(checker.signatureToString(s, undefined, FORMAT))));
  return members;
}

function resolveAlias(checker: ts.TypeChecker, s: ts.Symbol): ts.Symbol {
  return s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
}

function compareSignatureBlock(checker: ts.TypeChecker, sf: ts.SourceFile, block: CodeBlock): string[] {
  const problems: string[] = [];
  const sig = block.signature!;
  const header = sf.statements[0];
  if (!header || !ts.isImportDeclaration(header)) return ["internal: missing package import"];
  const mod = checker.getSymbolAtLocation(header.moduleSpecifier);
  if (!mod) return [`cannot resolve package "${sig.pkg}"`];
  const exports = new Map(checker.getExportsOfModule(mod).map((s) => [s.name, s]));
  // `export { local as exported }` in the block documents a named export under another local name.
  const exportedAs = new Map<string, string>();
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) exportedAs.set((el.propertyName ?? el.name).getText(sf), el.name.text);
    }
  }
  const objectType = sig.object && exports.has(sig.object)
    ? checker.getTypeOfSymbol(resolveAlias(checker, exports.get(sig.object)!))
    : undefined;
  if (sig.object && !objectType) problems.push(`"${sig.pkg}" has no export "${sig.object}"`);
  const seen = new Set<string>();
  for (const st of sf.statements.slice(1)) {
    const decls: Array<{ name: ts.Identifier; kind: "value" | "type" | "alias" }> = [];
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) decls.push({ name: d.name, kind: "value" });
    } else if (ts.isFunctionDeclaration(st) && st.name) decls.push({ name: st.name, kind: "value" });
    else if ((ts.isInterfaceDeclaration(st) || ts.isClassDeclaration(st)) && st.name) decls.push({ name: st.name, kind: "type" });
    else if (ts.isTypeAliasDeclaration(st)) decls.push({ name: st.name, kind: "alias" });
    // A declaration commented "internal: not exported" only gives the page's other declarations a name to use.
    const lineEnd = sf.text.indexOf("\n", st.getEnd());
    if (/internal: not exported/.test(sf.text.slice(st.getEnd(), lineEnd < 0 ? undefined : lineEnd))) continue;
    for (const { name, kind } of decls) {
      const local = name.text;
      if (seen.has(local)) continue;
      seen.add(local);
      const docSym = checker.getSymbolAtLocation(name);
      if (!docSym) continue;
      const target = exportedAs.get(local) ?? local;
      let pkgSym: ts.Symbol | undefined;
      let where = "";
      if (objectType && kind === "value" && !exportedAs.has(local)) {
        pkgSym = checker.getPropertyOfType(objectType, target);
        where = `${sig.object}.${target}`;
      }
      if (!pkgSym && exports.has(target)) {
        pkgSym = resolveAlias(checker, exports.get(target)!);
        where = `export "${target}"`;
      }
      if (!pkgSym) {
        problems.push(`"${local}" is not exported by ${sig.pkg}${sig.object ? ` (nor a property of ${sig.object})` : ""}`);
        continue;
      }
      if (kind === "value") {
        const mine = describeType(checker, checker.getTypeOfSymbol(docSym));
        const theirs = describeType(checker, checker.getTypeOfSymbol(pkgSym));
        if (mine !== theirs) problems.push(`${local}: page says\n      ${mine}\n    but ${sig.pkg} ${where} is\n      ${theirs}`);
      } else if (kind === "alias") {
        const flags = FORMAT | ts.TypeFormatFlags.InTypeAlias;
        const mine = canonicalType(checker.typeToString(checker.getDeclaredTypeOfSymbol(docSym), undefined, flags));
        const theirs = canonicalType(checker.typeToString(checker.getDeclaredTypeOfSymbol(pkgSym), undefined, flags));
        if (mine !== theirs) problems.push(`type ${local}: page says\n      ${mine}\n    but ${sig.pkg} has\n      ${theirs}`);
      } else {
        const mine = describeMembers(checker, checker.getDeclaredTypeOfSymbol(docSym));
        const theirs = describeMembers(checker, checker.getDeclaredTypeOfSymbol(pkgSym));
        for (const [m, t] of mine) {
          if (!theirs.has(m)) problems.push(`${local}.${m}: not in ${sig.pkg}'s ${local}`);
          else if (theirs.get(m) !== t) problems.push(`${local}.${m}: page says\n      ${t}\n    but ${sig.pkg} has\n      ${theirs.get(m)}`);
        }
        if (!sig.partial) {
          for (const m of theirs.keys()) {
            if (!mine.has(m)) problems.push(`${local}.${m}: in ${sig.pkg}'s ${local} but missing on the page (add it, or mark the block \`partial\`)`);
          }
        }
      }
    }
  }
  return problems;
}

/** Type-checks the given blocks in one Program; returns a result per block. */
export function typeCheckBlocks(blocks: CodeBlock[], root: string): Map<CodeBlock, TypeCheckResult> {
  const files = new Map<string, string>();
  const sigPkgs = [...new Set(blocks.filter((b) => b.kind === "signature").map((b) => b.signature!.pkg))];
  const first = packageExports(root, sigPkgs, files);
  const headerLines = new Map<CodeBlock, number>();
  const names = new Map<CodeBlock, string>();
  for (const block of blocks) {
    const name = path.resolve(virtualName(root, block));
    names.set(block, name);
    if (block.kind === "signature") {
      const pkg = block.signature!.pkg;
      const local = declaredNames(ts.createSourceFile("x.ts", block.code, ts.ScriptTarget.ES2022, true));
      const importable = (first.exports.get(pkg) ?? []).filter((n) => isIdentifierName(n) && !local.has(n));
      const header = [`import type * as __pkg from ${JSON.stringify(pkg)};`];
      header.push(importable.length ? `import type { ${importable.join(", ")} } from ${JSON.stringify(pkg)};` : "");
      headerLines.set(block, header.length);
      files.set(name, header.join("\n") + "\n" + ambientize(block.code) + "\n");
    } else {
      headerLines.set(block, 0);
      files.set(name, block.code + "\n");
    }
  }
  const program = ts.createProgram([...names.values()], COMPILER_OPTIONS, makeHost(files), first.program);
  const checker = program.getTypeChecker();
  const results = new Map<CodeBlock, TypeCheckResult>();
  for (const block of blocks) {
    const sf = program.getSourceFile(names.get(block)!)!;
    const diags = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    const diagnostics = diags.map((d) => {
      const { line } = d.start !== undefined ? sf.getLineAndCharacterOfPosition(d.start) : { line: 0 };
      return {
        code: d.code,
        line: block.line + 1 + line - headerLines.get(block)!,
        message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
      };
    });
    const signatureProblems = block.kind === "signature" && diagnostics.length === 0 ? compareSignatureBlock(checker, sf, block) : [];
    results.set(block, { diagnostics, signatureProblems });
  }
  return results;
}
