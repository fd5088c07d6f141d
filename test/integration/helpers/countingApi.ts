// A sandbox client that counts the pages it hands over, and can hold each one back: the tests of
// how an import's walk overlaps Excel's work pace the walk with it.
import { LedgerApi } from "../../../src/api";
import { DEMO_TOKEN } from "../../../tools/sandbox";

/**
 * The client of the sandbox at `baseUrl`, telling `onPage` how many pages it has received; each
 * page is handed over only once `before()` resolves.
 */
export function countingApi(
  baseUrl: string,
  onPage: (pages: number) => void,
  before: () => Promise<void> = () => Promise.resolve(),
): LedgerApi {
  let pages = 0;
  class CountingApi extends LedgerApi {
    override async listCollectionPage(
      ...args: Parameters<LedgerApi["listCollectionPage"]>
    ): ReturnType<LedgerApi["listCollectionPage"]> {
      const page = await super.listCollectionPage(...args);
      await before();
      pages += 1;
      onPage(pages);
      return page;
    }
  }
  return new CountingApi({
    apiAddress: baseUrl,
    version: "v1",
    token: DEMO_TOKEN,
    identity: "demo-company",
  });
}
