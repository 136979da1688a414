/**
 * Runs every close function once, last registered first, even when one of them fails, so a
 * failing part never leaves the rest (sockets, the chain) running.
 *
 * @param closers - Close functions in the order their parts were started; emptied by the call.
 * @returns Resolves once every closer has settled.
 * @throws {Error} the first closer's failure, after all of them have run.
 * @example
 * const chain = await createEvmSurface();
 * const server = await serveSurface({ name: "evm", auth: "node", nodeAuth: new NodeAuthRegistry(), handler: chain.handler });
 * const closers = [() => chain.close(), () => server.close()];
 * await closeInReverse(closers); // server first, then the chain
 */
export async function closeInReverse(closers: (() => Promise<void>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const close of closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
