/** The sellers' sites the simulator serves beside r18.dev and the DMM API, each under /<provider>: one line each. */
import type { SiteFactory } from "./site.js";
import { muramuraSite, onePondoSite, pacopacomamaSite, tenMusumeSite } from "./sites/d2pass.js";
import { caribbeancomprSite, caribbeancomSite } from "./sites/caribbean.js";
import { heyzoSite } from "./sites/heyzo.js";
import { fc2Site } from "./sites/fc2.js";
import { mgstageSite } from "./sites/mgstage.js";
import { tokyoHotSite } from "./sites/tokyo-hot.js";

export const SITES: readonly SiteFactory[] = [
  onePondoSite,
  tenMusumeSite,
  pacopacomamaSite,
  muramuraSite,
  caribbeancomSite,
  caribbeancomprSite,
  heyzoSite,
  tokyoHotSite,
  mgstageSite,
  fc2Site,
];
