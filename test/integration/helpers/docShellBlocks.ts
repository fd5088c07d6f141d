// The shell blocks of the project's Markdown files (```sh, ```bash, ```shell): the commands a
// reader copies. A block that must not be run by the docs test (it starts servers that keep
// running, needs a server of the reader's own, or takes minutes) says so on the line before it:
//   <!-- docs-run: skip (why) -->
// Every other block is run as written.

export interface ShellBlock {
  /** The Markdown file, relative to the repository. */
  readonly file: string;
  /** The line of the opening fence (1-based). */
  readonly line: number;
  readonly script: string;
  /** Why the block is not run, or undefined when it is. */
  readonly skipReason: string | undefined;
}

const SHELL_FENCE = /^```(sh|bash|shell)\s*$/;
const SKIP_MARKER = /^<!--\s*docs-run:\s*skip\s*\((.+)\)\s*-->$/;
const ANY_MARKER = /^<!--\s*docs-run:/;

/** The shell blocks of one Markdown file's text; a malformed marker is an error. */
export function shellBlocks(file: string, markdown: string): ShellBlock[] {
  const lines = markdown.split("\n");
  const blocks: ShellBlock[] = [];
  let previous = "";
  for (let i = 0; i < lines.length; i++) {
    const text = (lines[i] ?? "").trim();
    if (text.startsWith("```")) {
      const end = lines.findIndex((l, j) => j > i && l.trim() === "```");
      if (end < 0) throw new Error(`${file}:${i + 1}: a code block is never closed`);
      if (SHELL_FENCE.test(text)) {
        const skip = SKIP_MARKER.exec(previous);
        if (skip === null && ANY_MARKER.test(previous)) {
          throw new Error(`${file}:${i}: write the marker as <!-- docs-run: skip (why) -->`);
        }
        blocks.push({
          file,
          line: i + 1,
          script: lines.slice(i + 1, end).join("\n"),
          skipReason: skip?.[1]?.trim(),
        });
      }
      i = end;
      previous = "";
      continue;
    }
    if (text !== "") previous = text;
  }
  return blocks;
}
