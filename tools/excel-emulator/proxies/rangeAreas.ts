// Excel.RangeAreas: several rectangles of one sheet, as far as merged areas need them.
import { cellCount, formatAddress } from "../addresses";
import type { Area } from "../addresses";
import type { SheetModel } from "../sheet";
import { FakeClientObject } from "./clientObject";
import type { PropertyReader } from "./clientObject";
import type { FakeRequestContext } from "./context";

/** The most merged areas getMergedAreasOrNullObject answers with (Microsoft's Range reference). */
export const MAX_MERGED_AREAS = 512;

/** Several rectangles of one sheet (Excel.RangeAreas): only what merged areas need. */
export interface RangeAreasTarget {
  readonly sheet: SheetModel;
  readonly areas: readonly Area[];
}

const RANGE_AREAS_PROPERTIES: Readonly<Record<string, PropertyReader<RangeAreasTarget>>> = {
  address: (t) => t.areas.map((area) => formatAddress(t.sheet.name, area)).join(","),
  areaCount: (t) => t.areas.length,
  cellCount: (t) => t.areas.reduce((sum, area) => sum + cellCount(area), 0),
};

export class FakeRangeAreas extends FakeClientObject<RangeAreasTarget> {
  protected readonly typeName = "RangeAreas";
  protected readonly loadable = RANGE_AREAS_PROPERTIES;

  constructor(
    context: FakeRequestContext,
    locator: () => RangeAreasTarget | undefined,
    orNull = false,
  ) {
    super(context, locator, orNull);
    Object.preventExtensions(this);
  }

  protected override isGone(target: RangeAreasTarget): boolean {
    return target.sheet.deleted;
  }

  get address(): string {
    return this.field("address");
  }
  get areaCount(): number {
    return this.field("areaCount");
  }
  get cellCount(): number {
    return this.field("cellCount");
  }
}
