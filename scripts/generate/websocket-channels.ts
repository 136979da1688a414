import { isObject, type Json } from "./json.js";
import { childPointer, refPointer } from "./json-pointer.js";
import { typeName } from "./names.js";
import { docComment, sourceLiteral } from "./source-text.js";
import { SpecError } from "./spec-error.js";
import type { SurfaceNames } from "./surfaces.js";
import type { ValidatorGroup } from "./validators.js";

/** The document-level extension that describes a surface's WebSocket subscriptions. */
export const WEBSOCKET_EXTENSION = "x-websocket";
/** The validators module of the channels: `validators/websocket-channels.js` (no operation has a hyphen). */
export const CHANNELS_MODULE = "websocket-channels";

/** One subscription of `x-websocket.channels`. */
export interface ChannelModel {
  /** The subscription's `type`, the key in `channels` (`l2Book`, `userEvents`). */
  type: string;
  /** The `channel` its messages arrive on (`l2Book`, `user`). */
  channel: string;
  /** The component that describes the subscription object, and the one of each message's `data`. */
  subscription: string;
  data: string;
  pointer: string;
}

/** What `x-websocket` says: the socket's path and its subscriptions. */
export interface WebSocketModel {
  path: string;
  channels: ChannelModel[];
}

const COMPONENT = "/components/schemas/";

/**
 * Reads `x-websocket` from the document: `{ path, description?, channels: { <type>: { channel,
 * subscription: $ref, data: $ref } } }`, each `$ref` naming a component schema (so its type is
 * generated and the portal shows it).
 *
 * @returns The model, or `undefined` when the spec has no WebSocket.
 * @throws {SpecError} Naming the pointer of a malformed entry.
 */
export function readWebSocket(file: string, doc: Json): WebSocketModel | undefined {
  const root = isObject(doc) ? doc[WEBSOCKET_EXTENSION] : undefined;
  if (root === undefined) return undefined;
  const at = `/${WEBSOCKET_EXTENSION}`;
  if (!isObject(root)) throw new SpecError(file, at, "must be an object: { path, channels }");
  if (typeof root.path !== "string" || !root.path.startsWith("/")) {
    throw new SpecError(file, `${at}/path`, "must be the socket's path, starting with /");
  }
  if (!isObject(root.channels) || Object.keys(root.channels).length === 0) {
    throw new SpecError(file, `${at}/channels`, "must map each subscription type to its channel");
  }
  const channels = Object.entries(root.channels).map(([type, entry]): ChannelModel => {
    const pointer = childPointer(`${at}/channels`, type);
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(type)) throw new SpecError(file, pointer, "must be an identifier");
    if (!isObject(entry)) throw new SpecError(file, pointer, "must be { channel, subscription, data }");
    if (typeof entry.channel !== "string" || entry.channel === "") {
      throw new SpecError(file, `${pointer}/channel`, "must name the channel its messages arrive on");
    }
    return {
      type,
      channel: entry.channel,
      subscription: componentName(file, `${pointer}/subscription`, entry.subscription),
      data: componentName(file, `${pointer}/data`, entry.data),
      pointer,
    };
  });
  return { path: root.path, channels };
}

function componentName(file: string, pointer: string, value: Json | undefined): string {
  const ref = isObject(value) && typeof value.$ref === "string" ? refPointer(value.$ref) : undefined;
  if (ref === undefined || !ref.startsWith(COMPONENT) || ref.slice(COMPONENT.length).includes("/")) {
    throw new SpecError(file, pointer, "must be a $ref to a component schema (#/components/schemas/…)");
  }
  return ref.slice(COMPONENT.length);
}

/**
 * The channels' validators module: `subscriptions` (checks a subscription before it is sent) and
 * `messages` (checks each message's `data`), by subscription type.
 */
export function channelValidatorGroup(model: WebSocketModel): ValidatorGroup {
  const ref = (name: string) => ({ $ref: `#${COMPONENT}${name}` });
  return {
    name: CHANNELS_MODULE,
    ownModule: true,
    entries: model.channels.flatMap((channel) => [
      {
        exportName: `${channel.type}Subscription`,
        schema: ref(channel.subscription),
        pointer: `${channel.pointer}/subscription`,
      },
      { exportName: `${channel.type}Data`, schema: ref(channel.data), pointer: `${channel.pointer}/data` },
    ]),
    maps: [
      {
        exportName: "subscriptions",
        memberType: "ResponseDescriptor",
        members: model.channels.map((channel) => ({
          key: channel.type,
          validator: `${channel.type}Subscription`,
        })),
      },
      {
        exportName: "messages",
        memberType: "ResponseDescriptor",
        members: model.channels.map((channel) => ({ key: channel.type, validator: `${channel.type}Data` })),
      },
    ],
  };
}

/**
 * Writes `channels.ts`: the subscription and message type of each channel, and one small descriptor
 * (the socket's path, each type's channel name, the loader of the validators module). It is its own
 * file, so only code that opens the socket imports it.
 */
export function channelsFile(names: SurfaceNames, model: WebSocketModel): string {
  const types = [...new Set(model.channels.flatMap((channel) => [channel.subscription, channel.data]))].map(
    typeName,
  );
  const map = `${names.pascal}Channels`;
  return [
    `import type { ChannelValidators } from "../../src/runtime/operation.js";`,
    `import type { ${types.sort().join(", ")} } from "./types.js";`,
    "",
    docComment(
      `The WebSocket subscriptions of the ${names.title}: each type's subscription object and message \`data\`.`,
    ),
    `export interface ${map} {`,
    ...model.channels.map(
      (channel) =>
        `  ${channel.type}: { subscription: ${typeName(channel.subscription)}; data: ${typeName(channel.data)} };`,
    ),
    "}",
    "",
    docComment(`The subscription types of the ${names.title}'s WebSocket.`),
    `export type ${names.pascal}ChannelType = keyof ${map};`,
    "",
    `/** Where the socket is, the channel each subscription's messages arrive on, and their validators. */`,
    `export const ${names.camel}Channels = Object.freeze({`,
    `  path: ${sourceLiteral(model.path)},`,
    `  channels: Object.freeze({`,
    ...model.channels.map((channel) => `    ${channel.type}: ${sourceLiteral(channel.channel)},`),
    `  }) as Readonly<Record<${names.pascal}ChannelType, string>>,`,
    `  validators: (): Promise<ChannelValidators> => import("./validators/${CHANNELS_MODULE}.js"),`,
    "});",
    "",
  ].join("\n");
}
