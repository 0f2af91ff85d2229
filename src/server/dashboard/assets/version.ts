import { createHash } from "node:crypto";
import { CLIENT_JS } from "./client.js";
import { STYLE_CSS } from "./style.js";

/** Changes with the assets: pages link them with it, so a browser may keep them cached for long. */
export const ASSET_VERSION = createHash("sha256").update(STYLE_CSS).update(CLIENT_JS).digest("hex").slice(0, 12);
