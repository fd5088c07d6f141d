// The fields a discovering shaper has seen, as a tree of keys (keys may contain dots, so paths
// are never joined), and a record's values read into their columns in one walk of its keys.

import { isJsonObject, type JsonValue } from "../api/json";
import { summariseArray } from "./readableValues";

/** A field seen so far; its children are the fields of the objects it has held. */
export interface FieldNode {
  readonly children: Map<string, FieldNode>;
  /** The field's column in its shaper's column set; -1 while it has none. */
  column: number;
  /** True for the column counting the items of the list that has a sheet of its own. */
  counted: boolean;
  /**
   * The keys of the last object read at this node, in its order, and their nodes: records of a
   * page share their keys' order, so a key is mostly found by position, not looked up.
   */
  readonly lastKeys: string[];
  readonly lastNodes: FieldNode[];
}

const NONE: readonly string[] = [];

export function fieldNode(): FieldNode {
  return { children: new Map(), column: -1, counted: false, lastKeys: [], lastNodes: [] };
}

/** The child of `node` for `key`, made when it is new. */
export function childOf(node: FieldNode, key: string): FieldNode {
  let child = node.children.get(key);
  if (child === undefined) {
    child = fieldNode();
    node.children.set(key, child);
  }
  return child;
}

/**
 * The values of `object`'s fields into their columns (`values`, by column), as the columns' own
 * readers give them: an object's fields in theirs, a list counted or summarised; the keys in
 * `skip` left out (a child's own link fields: its parent's were read). False at a field with a
 * value and no column: it is new, and the caller must first give it one.
 */
export function readFields(
  object: { [key: string]: JsonValue },
  node: FieldNode,
  values: (JsonValue | undefined)[],
  skip: readonly string[] = NONE,
): boolean {
  const { lastKeys, lastNodes } = node;
  // A child's own fields come after its link fields, as in its record.
  let position = skip.length;
  for (const key in object) {
    if (!Object.prototype.hasOwnProperty.call(object, key)) continue;
    if (skip.length > 0 && skip.includes(key)) continue;
    let child: FieldNode | undefined;
    if (lastKeys[position] === key) child = lastNodes[position];
    else {
      child = node.children.get(key);
      if (child !== undefined) {
        lastKeys[position] = key;
        lastNodes[position] = child;
      }
    }
    position++;
    const value = object[key] as JsonValue;
    // Most values are strings and numbers of a field with a column: taken as they are.
    if (typeof value !== "object" && child !== undefined && child.column >= 0) {
      values[child.column] = value;
      continue;
    }
    if (isJsonObject(value)) {
      // An object's fields have columns of their own; only the count passes it on as it is.
      if (child?.counted === true) values[child.column] = value;
      if (!readFields(value, child ?? childOf(node, key), values)) return false;
      continue;
    }
    if (child === undefined || child.column < 0) {
      if (value === null || value === "") continue;
      return false;
    }
    values[child.column] = !Array.isArray(value)
      ? value
      : child.counted
        ? value.length
        : (summariseArray(value) ?? value);
  }
  return true;
}
