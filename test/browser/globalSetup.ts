// Runs once before the browser tests: builds what they load.
import { buildForBrowserTests } from "./build";

export default async function globalSetup(): Promise<void> {
  await buildForBrowserTests();
}
