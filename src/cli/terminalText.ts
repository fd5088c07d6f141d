// Text from elsewhere (a server's error message, a file name) made safe to show on a terminal.
// A terminal obeys escape sequences in what it prints: an OSC sequence can write the clipboard
// or retitle the window, a carriage return or CSI sequence can overwrite the line above with a
// forged "Exported …". So every such sequence and every control character goes, and so do the
// bidirectional overrides that make text read other than it is stored.

// The sequences as ECMA-48 defines them, ESC-introduced or as C1 characters: CSI (ESC [ or
// U+009B) with its parameters, OSC / DCS / SOS / PM / APC strings up to their terminator, and
// any other two-character ESC sequence.
const ESCAPE_SEQUENCES = new RegExp(
  [
    "(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?",
    "(?:\\u001b[\\]PX^_]|[\\u009d\\u0090\\u0098\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?",
    "\\u001b[\\u0020-\\u007e]?",
  ].join("|"),
  "g",
);

/** C0 and C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates. */
const CONTROLS = new RegExp(
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]",
  "g",
);

/**
 * `text` without escape sequences and control characters. Line breaks and tabs become spaces
 * unless `keepLines` (for the command's own multi-line messages).
 */
export function terminalText(text: string, keepLines = false): string {
  const plain = text.replace(ESCAPE_SEQUENCES, "");
  return keepLines
    ? plain.replace(/\r\n?/g, "\n").replace(CONTROLS, "")
    : plain.replace(/[\t\n\r]+/g, " ").replace(CONTROLS, "");
}
