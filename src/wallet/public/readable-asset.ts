// Bound for the entries: src/runtime/errors/index.ts says why (lazy code shares this module).
import { readableAssetIssue as readableAssetIssueOf } from "../readable-asset.js";

/** See {@link readableAssetIssueOf}. */
export const readableAssetIssue = readableAssetIssueOf;
