import { createPlatformClient } from "../../../src/platform.js";

/** Reads the organization and creates a node. */
export async function run(baseUrl: string, apiKey: string) {
  const platform = createPlatformClient({ baseUrl, apiKey });
  const organization = await platform.getOrganization();
  const node = await platform.createNode({
    name: "app",
    network: "ethereum-mainnet",
    type: "shared",
    provider: "aws",
    region: "us-east-1",
    role: "peer",
    configuration: {},
  });
  return { organization: organization.id, node: node.id };
}
