/**
 * What to check when the exchange refuses a signed request, where its words alone do not say: "User
 * or API Wallet 0x… does not exist" names the address it recovered from the signature, and a
 * signature made for the other network recovers to an address nobody uses.
 *
 * @param serviceMessage - The service's refusal.
 * @param network - The network the client signs for.
 * @returns The hint, or `undefined` when the refusal says enough.
 * @example
 * refusalHint("User or API Wallet 0x12… does not exist.", "mainnet");
 * // "the client signs for mainnet (network: \"mainnet\"): …"
 */
export function refusalHint(serviceMessage: string, network: "mainnet" | "testnet"): string | undefined {
  if (!/\bdoes not exist\b/i.test(serviceMessage) || !/\b(user|wallet)\b/i.test(serviceMessage))
    return undefined;
  const other = network === "mainnet" ? "testnet" : "mainnet";
  return (
    `the client signs for ${network} (network: "${network}"), and a signature made for one network reads as ` +
    `an unknown address on the other: if the URL is a ${other} exchange, create the client with network: ` +
    `"${other}" (\`chainkit sandbox\` takes mainnet signatures, \`chainkit sandbox --testnet\` testnet ones); ` +
    "otherwise the signer (or the agent it uses) has no account there yet"
  );
}
