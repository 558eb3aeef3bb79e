import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imageSize } from "../../src/node/markdown/imageSize";

const dir = mkdtempSync(path.join(tmpdir(), "markdown-image-size-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, data: Buffer | string): string {
  const target = path.join(dir, name);
  writeFileSync(target, data);
  return target;
}

describe("imageSize", () => {
  it("reads PNG", () => {
    const png = Buffer.alloc(33);
    Buffer.from("89504e470d0a1a0a0000000d49484452", "hex").copy(png);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageSize(file("a.png", png))).toEqual({ width: 640, height: 480 });
  });

  it("reads GIF", () => {
    const gif = Buffer.alloc(13);
    gif.write("GIF89a", 0, "ascii");
    gif.writeUInt16LE(32, 6);
    gif.writeUInt16LE(16, 8);
    expect(imageSize(file("a.gif", gif))).toEqual({ width: 32, height: 16 });
  });

  it("reads JPEG, skipping segments before the frame header", () => {
    const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
    const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x01, 0x90, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(imageSize(file("a.jpg", Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0])))).toEqual({ width: 400, height: 300 });
  });

  it("reads WebP (VP8X)", () => {
    const webp = Buffer.alloc(40);
    webp.write("RIFF", 0, "ascii");
    webp.write("WEBPVP8X", 8, "ascii");
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(imageSize(file("a.webp", webp))).toEqual({ width: 100, height: 50 });
  });

  it("reads SVG width/height or viewBox", () => {
    expect(imageSize(file("a.svg", '<svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"></svg>'))).toEqual({ width: 120, height: 80 });
    expect(imageSize(file("b.svg", '<?xml version="1.0"?>\n<svg viewBox="0 0 300 150"></svg>'))).toEqual({ width: 300, height: 150 });
    expect(imageSize(file("c.svg", '<svg width="60" viewBox="0 0 300 150"></svg>'))).toEqual({ width: 60, height: 30 });
    expect(imageSize(file("d.svg", '<svg width="100%"></svg>'))).toBeUndefined();
  });

  it("returns undefined for unknown or missing files", () => {
    expect(imageSize(file("a.txt", "hello"))).toBeUndefined();
    expect(imageSize(path.join(dir, "missing.png"))).toBeUndefined();
  });
});
