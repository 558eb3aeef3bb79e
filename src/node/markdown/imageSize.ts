import { closeSync, openSync, readSync, statSync } from "node:fs";

export interface ImageSize {
  width: number;
  height: number;
}

/** Reads the first bytes of a file (image headers live there). */
function head(file: string, length: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min(length, statSync(file).size));
    readSync(fd, buffer, 0, buffer.length, 0);
    return buffer;
  } finally {
    closeSync(fd);
  }
}

function png(data: Buffer): ImageSize | undefined {
  if (data.length < 24 || data.readUInt32BE(0) !== 0x89504e47 || data.toString("ascii", 12, 16) !== "IHDR") return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function gif(data: Buffer): ImageSize | undefined {
  if (data.length < 10 || !/^GIF8[79]a$/.test(data.toString("ascii", 0, 6))) return undefined;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

function jpeg(data: Buffer): ImageSize | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    // Start-of-frame markers carry the size; C4, C8 and CC are other segments.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function webp(data: Buffer): ImageSize | undefined {
  if (data.length < 30 || data.toString("ascii", 0, 4) !== "RIFF" || data.toString("ascii", 8, 12) !== "WEBP") return undefined;
  const chunk = data.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  return undefined;
}

function svgLength(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^\s*([\d.]+)\s*(px)?\s*$/.exec(value);
  return match ? Math.round(Number(match[1])) : undefined;
}

function svg(data: Buffer): ImageSize | undefined {
  const text = data.toString("utf8");
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
  const width = svgLength(attribute("width"));
  const height = svgLength(attribute("height"));
  if (width && height) return { width, height };
  const viewBox = attribute("viewBox")?.trim().split(/[\s,]+/).map(Number);
  if (viewBox && viewBox.length === 4 && viewBox[2] > 0 && viewBox[3] > 0) {
    if (width) return { width, height: Math.round((width * viewBox[3]) / viewBox[2]) };
    if (height) return { width: Math.round((height * viewBox[2]) / viewBox[3]), height };
    return { width: Math.round(viewBox[2]), height: Math.round(viewBox[3]) };
  }
  return undefined;
}

/** Width and height of a PNG, GIF, JPEG, WebP or SVG file, or undefined when unknown. */
export function imageSize(file: string): ImageSize | undefined {
  try {
    const data = head(file, file.toLowerCase().endsWith(".svg") ? 4096 : 65536);
    return png(data) ?? gif(data) ?? webp(data) ?? jpeg(data) ?? svg(data);
  } catch {
    return undefined;
  }
}
