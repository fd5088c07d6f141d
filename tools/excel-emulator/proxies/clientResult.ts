// OfficeExtension.ClientResult: a value returned by a method (getCount, ...), readable after sync.
import { officeError } from "../errors";

export class FakeClientResult<T> {
  private loaded = false;
  private result: T | undefined;

  get value(): T {
    if (!this.loaded) {
      throw officeError("ValueNotLoaded", undefined, "ClientResult.value");
    }
    return this.result as T;
  }

  /** @internal */
  _deliver(value: T): void {
    this.result = value;
    this.loaded = true;
  }
}
