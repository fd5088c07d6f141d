// UTF-8 bytes of a string: TextEncoder where the engine has one, and by hand where it does not
// (Edge Legacy, the web view of older Office builds on Windows, has no TextEncoder). Both give
// the same bytes, lone surrogates included (each becomes U+FFFD, as TextEncoder does).
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  if (typeof TextEncoder === "function") return new TextEncoder().encode(text);
  return utf8BytesByHand(text);
}

/** The encoding without TextEncoder (exported for tests, which compare the two). */
export function utf8BytesByHand(text: string): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0) ?? 0xfffd;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) bytes.push(code);
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) {
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    } else {
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      );
    }
  }
  return Uint8Array.from(bytes);
}
