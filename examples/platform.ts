// Needs chainkit alone; run it with tsx.
/**
 * Create a node with the platform API, wait until it runs, then reach it with the credentials from its
 * `details`.
 *
 * 1. `createPlatformClient` takes the API base URL and your API key (sent as a bearer token).
 * 2. `getOrganization` is a cheap way to check the key before doing anything else.
 * 3. `createNode` answers at once with a `pending` node; `waitForNode` polls `getNode` until it is
 *    `running` and throws when it ends `failed` or `error`, or when the timeout passes.
 * 4. `nodeAccess` turns the running node into `{ url, credentials }`, ready for a node client.
 * 5. `listNodes` pages through the organization's nodes; `deleteNode` removes one.
 *
 * The example talks to chainkit's local sandbox, so it needs no account: the one `chainkit sandbox --env`
 * describes in `CHAINKIT_*` variables, or one it starts. For the real service, pass its base URL and
 * your key instead.
 */
import { createEvmClient } from "chainkit/evm";
import { createPlatformClient, nodeAccess } from "chainkit/platform";
import { sandboxEnv } from "./support/sandbox-env.js";

const env = await sandboxEnv();
try {
  const platform = createPlatformClient({
    baseUrl: env.get("CHAINKIT_PLATFORM_URL"),
    apiKey: env.get("CHAINKIT_API_KEY"),
  });

  const organization = await platform.getOrganization();
  console.log(`organization ${organization.id}: ${organization.name}`);

  const created = await platform.createNode({
    name: "docs example node",
    network: "ethereum-mainnet",
    type: "shared",
    provider: "aws",
    region: "us-east-1",
    role: "peer",
    configuration: { archive: false },
  });
  console.log(`created ${created.id}, status ${created.status}`);

  const node = await platform.waitForNode(created.id, { until: "running", timeout: 600_000 });
  const evm = createEvmClient(nodeAccess(node));
  console.log(`node ${node.id} runs chain ${await evm.eth_chainId()}`);

  const page = await platform.listNodes({ page: 1, order_by: "-created_at" });
  console.log(`${page.count} node(s) in the organization`);

  await platform.deleteNode(node.id);
} finally {
  await env.close();
}
