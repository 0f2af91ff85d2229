/**
 * How the runtimes under MetaTube's plugins write a URL, one function for each step, so that the
 * builders beside this file (plugin-requests.ts for the JSON routes and the external link,
 * plugin-urls.ts for the pictures) send what a media server sends, to the character.
 *
 * - Jellyfin/Emby: jellyfin-plugin-metatube @ f7c1f336fc2bd3b35b82af7c6e69da09a196e3d2,
 *   Jellyfin.Plugin.MetaTube/ApiClient.cs ComposeUrl (lines 23-35) and the .NET it calls
 *   (dotnet/runtime: System.IO Path.Combine, System.Private.Uri UriBuilder.cs and UriHelper.cs,
 *   System.Web.HttpUtility HttpUtility.cs and Util/HttpEncoder.cs), then HttpClient's Uri.
 * - Plex: metatube-plex-plugins @ e5aa36940103fc89fc7599611f987a36789de31c,
 *   MetaTube.bundle/Contents/Code/api_client.py prepare_url (116-122) under Plex's Python 2.7,
 *   with the requests 2.27.1 and urllib3 1.26.18 the bundle ships in Contents/Libraries/Shared.
 *   plugin-encoding.test.ts holds what that code answers, measured with CPython 2.7.18.
 */

const utf8 = new TextEncoder();

/** %XX for each UTF-8 byte of each character `keep` refuses; a lone surrogate as U+FFFD's bytes, as TextEncoder and .NET's Rune both write it. */
function percentEncode(s: string, keep: (c: string) => boolean, lowerHex = false): string {
  return Array.from(s, (c) =>
    keep(c) ? c : Array.from(utf8.encode(c), (b) => `%${b.toString(16).padStart(2, "0")[lowerHex ? "toLowerCase" : "toUpperCase"]()}`).join(""),
  ).join("");
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

type Params = Iterable<[string, string | null | undefined]>;

/** `key=value` joined by `&` in the order given, both through `encode`, a pair whose value is null or undefined left out. */
function formQuery(params: Params, encode: (s: string) => string): string {
  return Array.from(params)
    .flatMap(([k, v]) => (v == null ? [] : [`${encode(k)}=${encode(v)}`]))
    .join("&");
}

// ---- .NET (Jellyfin, Emby)

/** Path.Combine on Linux: empty parts skipped, a part that starts with `/` restarts the path, `/` put between the others. */
export function pathCombine(...parts: string[]): string {
  return parts
    .filter((part) => part !== "")
    .reduce((path, part) => (part.startsWith("/") || path === "" ? part : path.endsWith("/") ? path + part : `${path}/${part}`), "");
}

/**
 * UriBuilder.Path (UriBuilder.cs): `\` becomes `/`, then Uri.InternalEscapeString escapes, as
 * upper-case UTF-8 %XX, what is neither unreserved nor reserved, and `?` and `#`; a `%` that
 * starts an escape stays (UriHelper.cs EscapeStringToBuilder, checkExistingEscaped).
 */
export function dotnetPath(path: string): string {
  if (path === "") return "/";
  return path.replace(/\\/g, "/").replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/@!$&'()*+,;=%[\]]+/gu, (s) => percentEncode(s, () => false));
}

/** HttpUtility.UrlEncode (Util/HttpEncoder.cs UrlEncode, Util/HttpEncoderUtility.cs IsUrlSafeChar): letters, digits and `-_.!*()` kept, space as `+`, the rest lower-case UTF-8 %xx. */
export function dotnetUrlEncode(s: string): string {
  return percentEncode(s, (c) => /^[A-Za-z0-9\-_.!*() ]$/.test(c), true).replace(/ /g, "+");
}

/**
 * HttpUtility.ParseQueryString("") filled by ComposeUrl, as its ToString writes it (HttpUtility.cs
 * HttpQSCollection): a key added with a null value has no values, so it is left out; the others
 * `key=value`, both UrlEncode-d, in the order added.
 */
export function dotnetQuery(params: Params): string {
  return formQuery(params, dotnetUrlEncode);
}

/** Uri.EscapeDataString: everything but RFC 3986's unreserved characters escaped, upper-case. */
export function escapeDataString(s: string): string {
  return percentEncode(s, (c) => UNRESERVED.test(c));
}

/** .NET's double.ToString("R") (and ToString() since .NET Core 3.0): the shortest text that reads back, as JS's, in the invariant culture; it writes an exponent below 1E-04 and from 1E+15 on, which no caller here needs. */
export function dotnetR(n: number): string {
  if (!Number.isFinite(n) || (n !== 0 && (Math.abs(n) < 1e-4 || Math.abs(n) >= 1e15))) throw new Error(`${n}: .NET writes it with an exponent; not modelled`);
  return Object.is(n, -0) ? "-0" : String(n);
}

/**
 * What HttpClient sends of a URL's path and query: it parses the string with new Uri, which
 * re-creates a string holding an escape of a non-ASCII byte or of an unreserved character
 * (UriExt.cs CheckForUnicodeOrEscapedUnreserved, IriHelper.cs EscapeUnescapeIri): such an escape
 * of an unreserved character is unescaped, one of a byte >= 0x80 comes out upper-case, and one
 * of a character Uri escapes itself (space and `"<>^`{|}`) too, where reserved characters, `%`,
 * `\` and controls keep theirs as written. dotnet/runtime#79198 shows the case change
 * (`%e6%88%91` sent as `%E6%88%91`), #72632 the unescaping.
 */
function httpClientTarget(target: string): string {
  const escapes = Array.from(target.matchAll(/%([0-9A-Fa-f]{2})/g), (m) => Number.parseInt(m[1], 16));
  if (!escapes.some((b) => b >= 0x80 || UNRESERVED.test(String.fromCharCode(b)))) return target;
  return target.replace(/%([0-9A-Fa-f]{2})/g, (written, hex: string) => {
    const b = Number.parseInt(hex, 16);
    const c = String.fromCharCode(b);
    if (b < 0x80 && UNRESERVED.test(c)) return c;
    return b >= 0x80 || /^[ "<>^`{|}]$/.test(c) ? written.toUpperCase() : written;
  });
}

/**
 * ApiClient.ComposeUrl: UriBuilder(Server) given Path and Query (a `?` only before a query that
 * is not empty; UriBuilder.cs Query), as HttpClient then sends it. `server` is written as the
 * caller gives it: UriBuilder.ToString would write the scheme's default port (`:80`) as well,
 * which is not part of the request line.
 */
export function composeUrl(server: string, path: string, params: Params): string {
  const query = dotnetQuery(params);
  const escaped = dotnetPath(path);
  // Uri also removes dot segments from an http path, which is not written out here.
  if (escaped.split("/").some((segment) => segment === "." || segment === "..")) throw new Error(`${path}: a dot segment; not modelled`);
  // UriBuilder.ToString puts a `/` before a path that lacks one.
  return `${server}${httpClientTarget(`${escaped.startsWith("/") ? "" : "/"}${escaped}${query === "" ? "" : `?${query}`}`)}`;
}

// ---- Python 2.7 and requests (Plex)

/** Python 2's urllib.quote_plus of UTF-8 bytes (requests encodes a unicode value so, models.py _encode_params): letters, digits and `_.-` kept, space as `+`, the rest upper-case %XX. */
export function pyQuotePlus(s: string): string {
  return percentEncode(s, (c) => /^[A-Za-z0-9_.\- ]$/.test(c)).replace(/ /g, "+");
}

/** urlencode(doseq=True) of requests' _encode_params: a None value left out, the others `key=value` quote_plus-ed, in the order given (a keyword dict's). */
export function pythonQuery(params: Params): string {
  return formQuery(params, pyQuotePlus);
}

/** Python 2's str() of a float (floatobject.c float_str, pystrtod.c format_float_short): 12 significant digits, an exponent below 1e-04 and from 1e+11 on, `.0` added to a whole number (1.0 is "1.0", 1e11 "1e+11"). */
export function pyFloat(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`${n}: not modelled`);
  // JS rounds a value halfway at the 12th digit up, C's formatting to even.
  const thirteen = n.toExponential(12);
  if (/5e/.test(thirteen) && Number(thirteen) === n) throw new Error(`${n}: halfway at 12 digits; not modelled`);
  const [mantissa, exp] = n.toExponential(11).split("e");
  const e = Number(exp);
  const trim = (s: string) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
  if (e < -4 || e >= 11) return `${trim(mantissa)}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  const fixed = trim(n.toFixed(11 - e));
  return `${Object.is(n, -0) ? "-" : ""}${fixed}${fixed.includes(".") ? "" : ".0"}`;
}

/**
 * requests' requote_uri (utils.py): unescape the escapes of unreserved characters, then quote
 * what is not in `!#$%&'()*+,/:;=?@[]~`; where an escape is not hex (InvalidURL), quote the whole
 * string with `%` escaped too.
 */
export function requote(uri: string): string {
  const parts = uri.split("%");
  let valid = true;
  const unquoted = parts
    .map((part, i) => {
      const h = part.slice(0, 2);
      if (i === 0 || !/^[A-Za-z0-9]{2}$/.test(h)) return i === 0 ? part : `%${part}`;
      if (!/^[0-9A-Fa-f]{2}$/.test(h)) valid = false;
      const c = String.fromCharCode(Number.parseInt(h, 16));
      return UNRESERVED.test(c) ? c + part.slice(2) : `%${part}`;
    })
    .join("");
  const safe = valid ? /^[A-Za-z0-9_.\-!#$%&'()*+,/:;=?@[\]~]$/ : /^[A-Za-z0-9_.\-!#$&'()*+,/:;=?@[\]~]$/;
  return percentEncode(valid ? unquoted : uri, (c) => safe.test(c));
}

/** urllib3's _encode_invalid_chars (util/url.py): escapes upper-cased; every `%` escaped unless each starts an escape; what `allowed` refuses escaped. */
function urllib3Encode(component: string, allowed: RegExp): string {
  const upper = component.replace(/%[0-9A-Fa-f]{2}/g, (m) => m.toUpperCase());
  const allEscapes = (upper.match(/%[0-9A-F]{2}/g) ?? []).length === (upper.match(/%/g) ?? []).length;
  return percentEncode(upper, (c) => (allEscapes && c === "%") || allowed.test(c));
}

const PATH_CHARS = /^[A-Za-z0-9._\-~!$&'()*+,;=:@/]$/;
const QUERY_CHARS = /^[A-Za-z0-9._\-~!$&'()*+,;=:@/?]$/;

/** urllib3's _remove_path_dot_segments (util/url.py), RFC 3986 5.2.4 on literal `.` and `..` segments. */
function removeDotSegments(path: string): string {
  const output: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "..") output.pop();
    else if (segment !== ".") output.push(segment);
  }
  if (path.startsWith("/") && (output.length === 0 || output[0] !== "")) output.unshift("");
  if (path.endsWith("/.") || path.endsWith("/..")) output.push("");
  return output.join("/");
}

/** Splits a URL as urllib3's URI_RE and urlsplit do: origin, path, query and fragment (undefined when absent). */
function split(url: string): { origin: string; path: string; query?: string; fragment?: string } {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\\/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(url);
  if (m === null) throw new Error(`${url}: not an absolute URL`);
  return { origin: m[1], path: m[2], query: m[3], fragment: m[4] };
}

/** PreparedRequest.prepare_url (models.py:360-444): urllib3's parse_url normalizes path, query and fragment, the parameters join the query, requote_uri the whole. */
function prepareUrl(url: string, params: string): string {
  const u = split(url);
  const path = urllib3Encode(removeDotSegments(u.path), PATH_CHARS) || "/";
  const given = u.query ? urllib3Encode(u.query, QUERY_CHARS) : "";
  const query = given && params ? `${given}&${params}` : given || params;
  const fragment = u.fragment ? urllib3Encode(u.fragment, QUERY_CHARS) : "";
  return requote(`${u.origin}${path}${query ? `?${query}` : ""}${fragment ? `#${fragment}` : ""}`);
}

/**
 * Python 2.7's urljoin(server, path) of a path that starts with `/` (urlparse.py): the server's
 * scheme and host, then the path as urlparse splits it (fragment at the first `#`, query at the
 * first `?`, params at the last segment's first `;`) and urlunparse joins it again, an empty
 * part without its mark.
 */
function urljoinPath(path: string): string {
  const [beforeHash, ...fragment] = path.split("#");
  const [beforeQuery, ...query] = beforeHash.split("?");
  const semicolon = beforeQuery.indexOf(";", beforeQuery.lastIndexOf("/"));
  const bare = semicolon < 0 ? beforeQuery : beforeQuery.slice(0, semicolon);
  const params = semicolon < 0 ? "" : beforeQuery.slice(semicolon + 1);
  const mark = (m: string, part: string) => (part === "" ? "" : m + part);
  return bare + mark(";", params) + mark("?", query.join("?")) + mark("#", fragment.join("#"));
}

/**
 * What requests sends for api_client.py's prepare_url(tpl, *paths, **params) given the formatted
 * path: Python 2's urljoin keeps an absolute path but drops an empty `;`, `?` or `#` part;
 * prepare_url; the session's get prepares the URL again (no parameters); the adapter sends
 * path_url (no fragment), which urllib3's urlopen passes through _encode_target.
 */
export function requestsUrl(server: string, path: string, params: Params): string {
  const { origin } = split(server);
  const sent = split(prepareUrl(prepareUrl(`${origin}${urljoinPath(path)}`, pythonQuery(params)), ""));
  const query = sent.query ? `?${urllib3Encode(sent.query, QUERY_CHARS)}` : "";
  return `${origin}${urllib3Encode(sent.path, PATH_CHARS)}${query}`;
}
