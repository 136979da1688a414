// Bound for the entry, one file per module bound: ../index.ts says why.
import {
  actionHash as actionHashOf,
  actionPreimage as actionPreimageOf,
  encodeAction as encodeActionOf,
} from "../action-hash.js";

/** keccak256 of an L1 action's preimage, the `connectionId` an agent signs (see {@link actionHashOf}). */
export const actionHash = actionHashOf;
/** The bytes {@link actionHash} hashes: msgpack(action) ‖ nonce ‖ vault ‖ expiry (see {@link actionPreimageOf}). */
export const actionPreimage = actionPreimageOf;
/** An L1 action as the exchange's msgpack encodes it (see {@link encodeActionOf}). */
export const encodeAction = encodeActionOf;
