/**
 * An error in the site's input (config, content, links). The build prints its
 * message alone, without a stack trace: the message already names the file,
 * line or config key at fault and what would be right.
 */
export class SiteError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SiteError";
  }
}

export interface Diagnostic {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = [diagnostic.file, diagnostic.line, diagnostic.line !== undefined ? diagnostic.column : undefined]
    .filter((part) => part !== undefined)
    .join(":");
  return `${where}: ${diagnostic.message}`;
}
