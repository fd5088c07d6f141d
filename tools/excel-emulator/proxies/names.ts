// Excel.NamedItemCollection and Excel.NamedItem: the workbook's defined names (Name Manager).
import { officeError } from "../errors";
import {
  addDefinedName,
  keptNameFormula,
  deleteDefinedName,
  evaluateName,
  nameFormula,
  referenceFormula,
} from "../names";
import type { DefinedNameModel } from "../names";
import type { FakeWorkbook } from "../workbook";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import { FakeClientResult } from "./clientResult";
import { FakeCollection } from "./collection";
import type { FakeRequestContext } from "./context";
import { FakeRange, fakeRangeOf } from "./range";

export class FakeNamedItemCollection extends FakeCollection<
  FakeWorkbook,
  DefinedNameModel,
  FakeNamedItem,
  Excel.NamedItem
> {
  protected readonly typeName = "NamedItemCollection";
  protected readonly loadable: Readonly<Record<string, PropertyReader<FakeWorkbook>>> = {};

  constructor(context: FakeRequestContext) {
    super(context, () => context.backend.workbook);
    Object.preventExtensions(this);
  }

  protected list(workbook: FakeWorkbook): DefinedNameModel[] {
    return [...workbook.names];
  }

  protected makeItem(): FakeNamedItem {
    return new FakeNamedItem(this._context, () => undefined);
  }

  /**
   * Adds a workbook-scoped name for a Range of this context or a formula ("=Sheet1!$A$1",
   * "=0.07"; text without "=" gets one). A name a table or another name uses is refused.
   */
  add(name: string, reference: Excel.Range | string, comment?: string): Excel.NamedItem {
    const item = new FakeNamedItem(this._context, () => undefined);
    const argument = typeof reference === "string" ? reference : "Range";
    this.queueCall("add", [name, argument, comment ?? null], (workbook) => {
      const location = "NamedItemCollection.add";
      const formula =
        typeof reference === "string"
          ? nameFormula(reference, location)
          : referenceFormula(fakeRangeOf(reference, this._context, location)._target(location));
      item._bind(addDefinedName(workbook, name, formula, comment, location));
    });
    return item as unknown as Excel.NamedItem;
  }

  /** The name (ignoring case); ItemNotFound at sync when there is none. */
  getItem(name: string): Excel.NamedItem {
    return new FakeNamedItem(this._context, () => this.find(name)) as unknown as Excel.NamedItem;
  }

  getItemOrNullObject(name: string): Excel.NamedItem {
    const item = new FakeNamedItem(this._context, () => this.find(name), true);
    return item as unknown as Excel.NamedItem;
  }

  getCount(): OfficeExtension.ClientResult<number> {
    const result = new FakeClientResult<number>();
    this.queueCall("getCount", [], (workbook, scope) => {
      const count = workbook.names.length;
      scope.deliver(4, () => result._deliver(count));
    });
    return result;
  }

  private find(name: string): DefinedNameModel | undefined {
    return this._context.backend.workbook.definedNamed(String(name));
  }
}

const NAMED_ITEM_PROPERTIES: Readonly<Record<string, PropertyReader<DefinedNameModel>>> = {
  name: (n) => n.name,
  formula: (n) => n.formula,
  comment: (n) => n.comment,
  visible: (n) => n.visible,
  scope: () => "Workbook",
  type: (n, scope) => evaluateName(scope.workbook, n).type,
  value: (n, scope) => evaluateName(scope.workbook, n).value,
};

export class FakeNamedItem extends FakeClientObject<DefinedNameModel> {
  protected readonly typeName = "NamedItem";
  protected readonly loadable = NAMED_ITEM_PROPERTIES;

  constructor(
    context: FakeRequestContext,
    locator: () => DefinedNameModel | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(defined: DefinedNameModel): boolean {
    return defined.deleted;
  }

  get name(): string {
    return this.field("name");
  }

  get type(): Excel.NamedItemType {
    return this.field("type");
  }

  get value(): unknown {
    return this.field("value");
  }

  get scope(): Excel.NamedItemScope {
    return this.field("scope");
  }

  get formula(): string {
    return this.field("formula");
  }
  set formula(formula: string) {
    this.queueSet("formula", formula, (defined, scope) => {
      defined.formula = keptNameFormula(scope.workbook, nameFormula(formula, "NamedItem.formula"));
      scope.workbook.dirty = true;
    });
  }

  get comment(): string {
    return this.field("comment");
  }
  set comment(comment: string) {
    this.queueSet("comment", comment, (defined) => {
      defined.comment = String(comment);
    });
  }

  get visible(): boolean {
    return this.field("visible");
  }
  set visible(visible: boolean) {
    this.queueSet("visible", visible, (defined) => {
      defined.visible = visible === true;
    });
  }

  /** The range the name refers to; InvalidOperation when its formula gives a value instead. */
  getRange(): Excel.Range {
    const range = new FakeRange(this._context, () => {
      const defined = this._target("NamedItem.getRange");
      const { range: target } = evaluateName(this._context.backend.workbook, defined);
      if (!target) {
        throw officeError(
          "InvalidOperation",
          `The name ${defined.name} does not refer to a range.`,
          "NamedItem.getRange",
        );
      }
      return target;
    });
    return range as unknown as Excel.Range;
  }

  delete(): void {
    this.queueCall("delete", [], (defined, scope) => deleteDefinedName(scope.workbook, defined));
  }
}
