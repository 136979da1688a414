import type { CreateNodeBody, DeploymentOption } from "../../generated/platform/index.js";
import type { FieldIssue } from "../runtime/errors/request-validation-error.js";

/**
 * Checks a shared node against the deployment options of its public network, the service's answer
 * to "what can be deployed where": the provider and region must be an option's, and an archive node
 * needs `archive` among its features. Dedicated nodes are not in the options (the service lists
 * shared ones), so the spec's provider/region pairing is their check.
 *
 * @param body - The node to create.
 * @param publicName - Its public network, e.g. `ethereum-mainnet`.
 * @param options - Every deployment option.
 * @returns The issues, empty when the node can be deployed.
 * @example
 * const node = { name: "n", network: "NW-1", type: "shared", provider: "gcloud", region: "asia-southeast1", role: "peer", configuration: {} } as const;
 * sharedNodeIssues(node, "ethereum-mainnet", [{ blockchain: "BC-1", cloud: "CC-1", provider: "aws", region: "us-east-1", protocol: "ethereum", network: "ethereum-mainnet", features: ["full"] }]);
 * // [{ pointer: "/body/region", message: "shared ethereum-mainnet nodes are offered on aws us-east-1, not on gcloud asia-southeast1" }]
 */
export function sharedNodeIssues(
  body: Pick<CreateNodeBody, "type" | "provider" | "region" | "configuration">,
  publicName: string,
  options: readonly DeploymentOption[],
): FieldIssue[] {
  if (body.type !== "shared") return [];
  const offered = options.filter((option) => option.network === publicName);
  if (offered.length === 0) {
    return [
      { pointer: "/body/type", message: `shared nodes are not offered for ${publicName}; use "dedicated"` },
    ];
  }
  const placed = offered.find((option) => option.provider === body.provider && option.region === body.region);
  if (!placed) {
    const where = offered.map((option) => `${option.provider} ${option.region}`).join(", ");
    return [
      {
        pointer: "/body/region",
        message: `shared ${publicName} nodes are offered on ${where}, not on ${body.provider} ${body.region}`,
      },
    ];
  }
  if (body.configuration.archive === true && !placed.features.includes("archive")) {
    return [
      {
        pointer: "/body/configuration/archive",
        message: `shared ${publicName} nodes on ${body.provider} ${body.region} offer ${placed.features.join(", ")}, not archive; set archive to false or use "dedicated"`,
      },
    ];
  }
  return [];
}
