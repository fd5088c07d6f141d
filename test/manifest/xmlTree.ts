// A small element tree over fast-xml-parser's ordered output, so tests can check element order.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function toElement(node: OrderedNode): XmlElement | null {
  const name = Object.keys(node).find((key) => key !== ":@");
  if (!name || name === "#text" || name === "#comment" || name === "?xml") return null;
  const raw = node[name] as OrderedNode[];
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[":@"] ?? {})) {
    attributes[key.replace(/^@_/, "")] = String(value);
  }
  const children = raw.map(toElement).filter((child): child is XmlElement => child !== null);
  const text = raw
    .filter((child) => "#text" in child)
    .map((child) => String(child["#text"]))
    .join("");
  return { name, attributes, children, text };
}

/** Parses XML into its root element; throws with the parser's message when it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new Error(`XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})`);
  }
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    commentPropName: "#comment",
    parseAttributeValue: false,
    parseTagValue: false,
  });
  const nodes = parser.parse(xml) as OrderedNode[];
  const root = nodes.map(toElement).find((element) => element !== null);
  if (!root) throw new Error("XML has no root element");
  return root;
}

/** Every element in document order. */
export function descendants(element: XmlElement): XmlElement[] {
  return element.children.flatMap((child) => [child, ...descendants(child)]);
}

/** The single child with this name; throws naming the path when it is missing or repeated. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = element.children.filter((c) => c.name === name);
  if (found.length !== 1) {
    throw new Error(`<${element.name}> has ${found.length} <${name}> children, expected 1`);
  }
  return found[0] as XmlElement;
}

export function childNames(element: XmlElement): string[] {
  return element.children.map((c) => c.name);
}
