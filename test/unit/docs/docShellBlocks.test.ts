import { shellBlocks } from "../../integration/helpers/docShellBlocks";

describe("shellBlocks()", () => {
  it("finds sh, bash and shell blocks with their line, and leaves other languages out", () => {
    const markdown = [
      "# Title", // 1
      "```sh", // 2
      "npm test", // 3
      "```", // 4
      "```jsonc", // 5
      "{}", // 6
      "```", // 7
      "  ```bash", // 8: inside a list item
      "  echo one", // 9
      "  echo two", // 10
      "  ```", // 11
    ].join("\n");
    expect(shellBlocks("X.md", markdown)).toEqual([
      { file: "X.md", line: 2, script: "npm test", skipReason: undefined },
      { file: "X.md", line: 8, script: "  echo one\n  echo two", skipReason: undefined },
    ]);
  });

  it("takes a skip marker on the line before the block, blank lines between", () => {
    const markdown = [
      "<!-- docs-run: skip (serves until stopped) -->",
      "",
      "```sh",
      "npm start",
      "```",
    ];
    expect(shellBlocks("X.md", markdown.join("\n"))[0]?.skipReason).toBe("serves until stopped");
  });

  it("does not carry a marker past text or another block", () => {
    const markdown = ["<!-- docs-run: skip (why) -->", "Some text.", "```sh", "ls", "```"];
    expect(shellBlocks("X.md", markdown.join("\n"))[0]?.skipReason).toBeUndefined();
  });

  it("refuses a marker it cannot read, and a block never closed", () => {
    expect(() => shellBlocks("X.md", "<!-- docs-run: skip -->\n```sh\nls\n```")).toThrow(
      /docs-run: skip \(why\)/,
    );
    expect(() => shellBlocks("X.md", "```sh\nls\n")).toThrow(/never closed/);
  });
});
