/** Reads the organization and creates a node. */
export async function run(baseUrl: string, apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const organization = await fetch(`${baseUrl}/v1/organization/`, { headers });
  if (!organization.ok) throw new Error(`HTTP ${organization.status}`);
  const created = await fetch(`${baseUrl}/v1/nodes/`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: "app",
      network: "ethereum-mainnet",
      type: "shared",
      provider: "aws",
      region: "us-east-1",
      role: "peer",
      configuration: {},
    }),
  });
  if (!created.ok) throw new Error(`HTTP ${created.status}`);
  const org = (await organization.json()) as { id: string };
  const node = (await created.json()) as { id: string };
  return { organization: org.id, node: node.id };
}
