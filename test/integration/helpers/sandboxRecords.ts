// Changes a sandbox list as new activity would (POST /__sandbox/records): records added at the
// front, or the newest deleted. Shared by the Fetch new and Refresh all tests.
import { DEMO_TOKEN } from "../../../tools/sandbox";

export async function changeRecords(
  origin: string,
  body: { list: string; add?: number; deleteNewest?: number },
  identity = "demo-company",
): Promise<Response> {
  return await fetch(`${origin}/__sandbox/records`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${DEMO_TOKEN}`,
      identity,
      "Content-Type": "application/json",
    },
    body: JSON.stringify(body),
  });
}
