// Parses formula text into a tree, with Excel's operator precedence: negation, percent, ^, * /,
// + -, &, then comparisons.
import type { Area } from "../addresses";
import type { CellError } from "../cellValues";
import type { StructuredSpec } from "./structured";
import { FormulaSyntaxError } from "./syntaxError";
import { tokenize } from "./tokens";
import type { Token } from "./tokens";

export type FormulaNode =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "boolean"; value: boolean }
  | { kind: "error"; value: CellError }
  | { kind: "reference"; sheet?: string; area: Area }
  | { kind: "structured"; table: string; spec: StructuredSpec }
  | { kind: "name"; name: string }
  | { kind: "missing" }
  | { kind: "call"; name: string; args: FormulaNode[] }
  | { kind: "unary"; operator: "-" | "+"; operand: FormulaNode }
  | { kind: "percent"; operand: FormulaNode }
  | { kind: "binary"; operator: string; left: FormulaNode; right: FormulaNode };

const BINARY_LEVELS: readonly (readonly string[])[] = [
  ["=", "<>", "<", ">", "<=", ">="],
  ["&"],
  ["+", "-"],
  ["*", "/"],
  ["^"],
];

const parseCache = new Map<string, FormulaNode>();

/** Parses a formula ("=..."). Throws FormulaSyntaxError for text Excel would refuse. */
export function parseFormula(formula: string): FormulaNode {
  const cached = parseCache.get(formula);
  if (cached) return cached;
  if (!formula.startsWith("=")) throw new FormulaSyntaxError("A formula starts with =.");
  const tokens = tokenize(formula.slice(1), 1);
  if (tokens.length === 0) throw new FormulaSyntaxError("The formula is empty.");
  const parser = new Parser(tokens);
  const node = parser.expression(0);
  if (!parser.done()) throw new FormulaSyntaxError("Unexpected text after the formula.");
  if (parseCache.size > 10_000) parseCache.clear();
  parseCache.set(formula, node);
  return node;
}

class Parser {
  private i = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  done(): boolean {
    return this.i >= this.tokens.length;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private next(): Token {
    const token = this.tokens[this.i];
    if (!token) throw new FormulaSyntaxError("The formula ends too early.");
    this.i++;
    return token;
  }

  expression(level: number): FormulaNode {
    const operators = BINARY_LEVELS[level];
    if (!operators) return this.unary();
    let left = this.expression(level + 1);
    for (;;) {
      const token = this.peek();
      if (token?.kind !== "operator" || !operators.includes(token.text)) return left;
      this.i++;
      const right = this.expression(level + 1);
      left = { kind: "binary", operator: token.text, left, right };
    }
  }

  private unary(): FormulaNode {
    const token = this.peek();
    if (token?.kind === "operator" && (token.text === "-" || token.text === "+")) {
      this.i++;
      return { kind: "unary", operator: token.text, operand: this.unary() };
    }
    return this.postfix();
  }

  private postfix(): FormulaNode {
    let node = this.rangeOperand();
    while (this.peek()?.kind === "operator" && (this.peek() as { text: string }).text === "%") {
      this.i++;
      node = { kind: "percent", operand: node };
    }
    return node;
  }

  /**
   * The range operator binds tighter than any other (Excel's operator precedence: ":" first,
   * https://support.microsoft.com/en-us/office/calculation-operators-and-precedence-in-excel-48be406d-4975-4d31-b2b8-7af9e0e2878a).
   */
  private rangeOperand(): FormulaNode {
    let node = this.primary();
    while (this.peek()?.kind === "operator" && (this.peek() as { text: string }).text === ":") {
      this.i++;
      node = { kind: "binary", operator: ":", left: node, right: this.primary() };
    }
    return node;
  }

  private primary(): FormulaNode {
    const token = this.next();
    switch (token.kind) {
      case "number":
        return { kind: "number", value: token.value };
      case "string":
        return { kind: "string", value: token.value };
      case "error":
        return { kind: "error", value: token.value };
      case "reference":
        return token.sheet === undefined
          ? { kind: "reference", area: token.area }
          : { kind: "reference", sheet: token.sheet, area: token.area };
      case "structured":
        return { kind: "structured", table: token.table, spec: token.spec };
      case "name": {
        const upper = token.name.toUpperCase();
        if (upper === "TRUE" || upper === "FALSE")
          return { kind: "boolean", value: upper === "TRUE" };
        return { kind: "name", name: token.name };
      }
      case "open": {
        const inner = this.expression(0);
        if (this.next().kind !== "close")
          throw new FormulaSyntaxError("A parenthesis is not closed.");
        return inner;
      }
      case "function":
        return this.call(token.name);
      default:
        throw new FormulaSyntaxError("Unexpected token in formula.");
    }
  }

  private call(name: string): FormulaNode {
    this.next(); // "("
    const args: FormulaNode[] = [];
    if (this.peek()?.kind === "close") {
      this.i++;
      return { kind: "call", name: name.toUpperCase(), args };
    }
    for (;;) {
      const token = this.peek();
      if (token?.kind === "comma" || token?.kind === "close") args.push({ kind: "missing" });
      else args.push(this.expression(0));
      const separator = this.next();
      if (separator.kind === "close") break;
      if (separator.kind !== "comma") throw new FormulaSyntaxError("Expected , or ) in a call.");
    }
    return { kind: "call", name: name.toUpperCase(), args };
  }
}
