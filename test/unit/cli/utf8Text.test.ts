// The command line's decoding of an answer's bytes: the same text as Buffer's own UTF-8 decoder.
import fc from "fast-check";
import { utf8Text } from "../../../src/cli/utf8Text";

describe("utf8Text", () => {
  it("gives any text back as it was written, beyond ASCII and the Basic Multilingual Plane too", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8Text(Buffer.from(text, "utf8"))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it("decodes any bytes as Buffer does, each sequence that is not UTF-8 a replacement character", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        expect(utf8Text(buffer)).toBe(buffer.toString("utf8"));
      }),
      { numRuns: 5000 },
    );
    const broken = Buffer.from([0x7b, 0x22, 0xe5, 0xbc, 0x22, 0x3a, 0xff, 0x7d]);
    expect(utf8Text(broken)).toBe('{"\uFFFD":\uFFFD}');
  });

  it("keeps a byte order mark and every control character", () => {
    const text = '\uFEFF{"a":"\\u0000\t\r\n","b":"Zhang Wei Trading 张伟贸易 🧾"}';
    expect(utf8Text(Buffer.from(text, "utf8"))).toBe(text);
  });
});
