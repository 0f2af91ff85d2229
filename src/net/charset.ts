/**
 * The character encoding of a page: the content type's charset, else the page's own
 * `<meta charset>` or `<meta http-equiv="Content-Type">` in its first bytes (as a browser
 * prescans, WHATWG HTML 13.2.3.2), else a byte-order mark, else UTF-8. Sites of Japanese
 * sellers still serve EUC-JP and Shift_JIS; a page is never assumed to be UTF-8.
 */

/** How far into the body a browser looks for the page's own charset. */
const PRESCAN_BYTES = 1024;

const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([a-z0-9._:-]+)/i;

/** The charset parameter of a content type, or null. */
export function charsetOfContentType(contentType: string): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return m ? m[1].trim().toLowerCase() : null;
}

/** A label TextDecoder knows, in its canonical name; null for one it does not. */
function known(label: string | null): string | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function bomCharset(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** The charset the page itself declares in its first bytes (read as Latin-1: the markup is ASCII). */
export function declaredCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, PRESCAN_BYTES).toString("latin1");
  return META_CHARSET.exec(head)?.[1].toLowerCase() ?? null;
}

/** The encoding to read `bytes` with: a byte-order mark, the header's charset, the page's own, else UTF-8. */
export function pageEncoding(bytes: Buffer, contentType: string): string {
  return bomCharset(bytes) ?? known(charsetOfContentType(contentType)) ?? known(declaredCharset(bytes)) ?? "utf-8";
}

/** The page as text in its own encoding (bytes that do not decode become U+FFFD). */
export function decodePage(bytes: Buffer, contentType: string): { text: string; encoding: string } {
  const encoding = pageEncoding(bytes, contentType);
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}
