import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { formatError, parsePort } from "../../scripts/cli";

describe("command-line ports", () => {
  it("accepts a port number and falls back when none is given", () => {
    expect(parsePort("4000", 3000)).toBe(4000);
    expect(parsePort(undefined, 3000)).toBe(3000);
  });

  it("refuses what is not a port, saying what is", () => {
    for (const value of ["abc", "", "0", "70000", "-1", "3000.5", "1e3", "--host"]) {
      expect(() => parsePort(value, 3000)).toThrow(/is not a port: give a whole number from 1 to 65535/);
    }
  });

  it("explains a port in use without a stack trace", async () => {
    const first = createServer();
    await new Promise<void>((resolve) => first.listen(0, "127.0.0.1", resolve));
    const { port } = first.address() as AddressInfo;
    const second = createServer();
    const error = await new Promise((resolve) => second.once("error", resolve).listen(port, "127.0.0.1"));
    first.close();
    const message = formatError(error);
    expect(message).toBe(`Error: port ${port} on 127.0.0.1 is already in use (another server is running there); stop it or pass another port, such as --port ${port + 1}`);
  });

  it("explains an unwritable project or output folder without a stack trace, and does not blame the port", () => {
    // Shaped as Node's fs reports it (as root, as these tests may run, nothing is refused for real).
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/site/build.tmp-7'"), { code: "EACCES", errno: -13, syscall: "mkdir", path: "/site/build.tmp-7" });
    expect(formatError(denied)).toBe(
      "Error: /site/build.tmp-7 could not be written (mkdir: this user may not); make the project writable for this user, or pass --out-dir to a folder that is",
    );
    const readOnly = Object.assign(new Error("EROFS: read-only file system, open '/site/.cache/x'"), { code: "EROFS", errno: -30, syscall: "open", path: "/site/.cache/x" });
    expect(formatError(readOnly)).toMatch(/^Error: \/site\/\.cache\/x could not be written \(open: it is on a read-only file system\)/);
  });
});
