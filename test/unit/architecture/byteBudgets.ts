// Finds Excel payload budgets written out as numbers instead of derived from the one limit in
// src/domain/excelLimits.ts. A budget restated elsewhere drifts from the limit unseen (five such
// figures once disagreed on what 5 MB means), so every other file must name the derived constant.
//
// A figure counts as a restated payload budget when all three hold:
// - it is a number written out (`4_000_000`, `3.5 * MB`, `4 * 1024 * 1024`, `2 ** 21`) whose value
//   lies between 1 MB and 5 MiB, the shares of the limit and the limit itself under either reading;
//   an expression that names any other constant is derived, not restated;
// - it is a size in bytes: written with a byte unit (`1024 * 1024`, `2 ** 21`, `1 << 20`, `MB`), or
//   what it is named or compared with says bytes or size;
// - it is about Excel's payload: what it is named or compared with speaks of a request, response,
//   payload, budget, ceiling, block, batch, sync or result.
// So record counts (`200_000` rows), cell counts, the API's 1 MiB body and a heap margin compared
// with a heap figure pass, and a figure divided by (a unit conversion for a message) does too.

import * as ts from "typescript";
import type { SourceFile } from "./sourceRules";

/** One restated budget: where, the figure as written and what it is named or compared with. */
export interface RestatedBudget {
  readonly where: string;
  readonly figure: string;
  readonly subject: string;
}

const LOWEST = 1_000_000;
const HIGHEST = 5 * 1_048_576;

/** Unit names a figure may be written with, and their values (MB read as 10^6, MiB as 2^20). */
const UNITS: ReadonlyMap<string, number> = new Map([
  ["MB", 1_000_000],
  ["BYTES_PER_MB", 1_000_000],
  ["MiB", 1_048_576],
  ["MIB", 1_048_576],
  ["KB", 1_000],
  ["KiB", 1_024],
]);

/** A power of two from 2^10 up written as such, or a unit's name: bytes, whatever it is named. */
const BYTE_UNIT =
  /1024\s*\*\s*1024|\b2\s*\*\*\s*[12]\d\b|<<\s*[12]\d\b|1_?048_?576|\b(MB|MiB|MIB|KB|KiB|BYTES_PER_MB)\b/;
const BYTES_NAMED = /byte|size|payload|budget|\bMB\b/i;
const PAYLOAD_NAMED = /request|response|payload|budget|ceiling|block|batch|sync|result/i;

/** The figures of a file that restate a payload budget. */
export function restatedBudgets(file: SourceFile): RestatedBudget[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const found: RestatedBudget[] = [];
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (ts.isNumericLiteral(node)) {
      const figure = largestWrittenOut(node);
      if (!seen.has(figure)) {
        seen.add(figure);
        const problem = judge(figure, source);
        if (problem) found.push({ where: `${file.path}:${lineOf(figure, source)}`, ...problem });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function judge(
  figure: ts.Expression,
  source: ts.SourceFile,
): { figure: string; subject: string } | undefined {
  const value = valueOf(figure);
  if (value === undefined || value < LOWEST || value > HIGHEST) return undefined;
  const top = outermostArithmetic(figure);
  if (isDivisor(figure) || isDivisor(top)) return undefined;
  const text = figure.getText(source);
  const subject = subjectOf(top, source);
  const bytes = BYTE_UNIT.test(text) || BYTES_NAMED.test(subject);
  if (!bytes || !PAYLOAD_NAMED.test(subject)) return undefined;
  return { figure: text, subject };
}

/** The value of a figure written out in numbers and units; undefined when it names anything else. */
export function valueOf(node: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isParenthesizedExpression(node)) return valueOf(node.expression);
  if (ts.isIdentifier(node)) return UNITS.get(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const inner = valueOf(node.operand);
    return inner === undefined ? undefined : -inner;
  }
  if (!ts.isBinaryExpression(node)) return undefined;
  const left = valueOf(node.left);
  const right = valueOf(node.right);
  if (left === undefined || right === undefined) return undefined;
  switch (node.operatorToken.kind) {
    case ts.SyntaxKind.PlusToken:
      return left + right;
    case ts.SyntaxKind.MinusToken:
      return left - right;
    case ts.SyntaxKind.AsteriskToken:
      return left * right;
    case ts.SyntaxKind.SlashToken:
      return left / right;
    case ts.SyntaxKind.AsteriskAsteriskToken:
      return left ** right;
    case ts.SyntaxKind.LessThanLessThanToken:
      return left * 2 ** right;
    default:
      return undefined;
  }
}

const ARITHMETIC = new Set([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.MinusToken,
  ts.SyntaxKind.AsteriskToken,
  ts.SyntaxKind.SlashToken,
  ts.SyntaxKind.AsteriskAsteriskToken,
  ts.SyntaxKind.LessThanLessThanToken,
]);

function isArithmeticParent(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isParenthesizedExpression(parent)) return true;
  if (ts.isPrefixUnaryExpression(parent)) return true;
  return ts.isBinaryExpression(parent) && ARITHMETIC.has(parent.operatorToken.kind);
}

/** The largest expression around a literal that is still written out in numbers and units. */
function largestWrittenOut(literal: ts.Expression): ts.Expression {
  let current = literal;
  while (isArithmeticParent(current) && valueOf(current.parent as ts.Expression) !== undefined) {
    current = current.parent as ts.Expression;
  }
  return current;
}

/** The whole arithmetic the figure is part of (`a.bytes * 1.5 + 2 * MB`). */
function outermostArithmetic(node: ts.Expression): ts.Expression {
  let current = node;
  while (isArithmeticParent(current)) current = current.parent as ts.Expression;
  return current;
}

function isDivisor(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.SlashToken &&
    parent.right === node
  );
}

const COMPARISONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** What a figure is named, assigned to, compared with or passed to, as source text. */
function subjectOf(node: ts.Expression, source: ts.SourceFile): string {
  const parent = node.parent;
  const named =
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isParameter(parent) ||
    ts.isBindingElement(parent);
  if (named) return parent.name.getText(source);
  if (ts.isBinaryExpression(parent)) {
    const kind = parent.operatorToken.kind;
    if (kind === ts.SyntaxKind.EqualsToken || COMPARISONS.has(kind)) {
      return (parent.left === node ? parent.right : parent.left).getText(source);
    }
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== node) {
    return calleeSubject(parent.expression, source);
  }
  return "";
}

/** `expect(x).toBeLessThan(…)` is about x; any other call about the function called. */
function calleeSubject(callee: ts.Expression, source: ts.SourceFile): string {
  let receiver: ts.Expression = callee;
  while (ts.isPropertyAccessExpression(receiver)) receiver = receiver.expression;
  if (ts.isCallExpression(receiver) && receiver.expression.getText(source) === "expect") {
    return receiver.arguments.map((argument) => argument.getText(source)).join(", ");
  }
  return callee.getText(source);
}

function lineOf(node: ts.Node, source: ts.SourceFile): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}
