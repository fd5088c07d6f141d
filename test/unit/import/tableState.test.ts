import { tableStateOf } from "../../../src/import/tableState";

describe("tableStateOf", () => {
  it("records warnings for a complete import with cells kept as text, partial for a cancelled one", () => {
    expect(tableStateOf("complete", false)).toBe("complete");
    expect(tableStateOf("complete", true)).toBe("warnings");
    expect(tableStateOf("partial", true)).toBe("partial");
    expect(tableStateOf("cancelled", false)).toBe("partial");
    expect(tableStateOf("failed", false)).toBe("failed");
  });
});
