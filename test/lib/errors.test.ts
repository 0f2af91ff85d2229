/**
 * The errors of src/ as one hierarchy: every error class extends VideoCatalogError and has
 * a stable code of its own (`VC_ERR_...`, AppError the API's codes), and the list below is
 * every error class src/ declares, read from the sources, so a new class is checked too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CliError, UsageError } from "../../src/cli/errors.js";
import { RemoteError } from "../../src/cluster/ipc.js";
import { LitestreamMissingError } from "../../src/cluster/litestream/bin.js";
import { RestoreError } from "../../src/cluster/litestream/restore.js";
import { ConfigError } from "../../src/config/parsers.js";
import { ImageError } from "../../src/images/errors.js";
import { CopyEscapeError } from "../../src/import/dump/copy-text.js";
import { DumpFormatError, DumpTruncatedError } from "../../src/import/dump/summary.js";
import { ImportFileError } from "../../src/import/file/import-file.js";
import { IngestBusyError } from "../../src/ingest/run-ingest.js";
import { AppError, EnvelopeError, ERROR_CODES } from "../../src/lib/errors.js";
import { VideoCatalogError } from "../../src/lib/video-catalog-error.js";
import { WorkerError } from "../../src/lib/worker-pool.js";
import { MediaServerError } from "../../src/mediaservers/errors.js";
import { UpstreamError } from "../../src/net/errors.js";
import { ProviderParseError } from "../../src/providers/errors.js";
import { FanzaApiError } from "../../src/providers/fanza/parse.js";
import { IngestRefusedError } from "../../src/services/operations/ingest-control.js";
import { KeyInputError } from "../../src/services/access/key-admin.js";
import { TargetTaken } from "../../src/library/organize/file-steps.js";
import { NoSuchRun, OrganizeBusy } from "../../src/library/organize/organize.js";
import { TemplateError } from "../../src/library/organize/template.js";
import { OutsideInbox } from "../../src/library/watch/index.js";
import { PersonEditRefused } from "../../src/catalog/index.js";
import { AliasTableError } from "../../src/people/alias-tables.js";

/** Every error class of src/, by name, with an error of it. */
const ERRORS: Record<string, { cls: { readonly prototype: VideoCatalogError }; make: () => VideoCatalogError }> = {
  AppError: { cls: AppError, make: () => new AppError("NOT_FOUND", "no title") },
  CliError: { cls: CliError, make: () => new CliError("no such file") },
  UsageError: { cls: UsageError, make: () => new UsageError("--limit must be a positive integer") },
  RemoteError: { cls: RemoteError, make: () => new RemoteError("Error", "no such call") },
  LitestreamMissingError: { cls: LitestreamMissingError, make: () => new LitestreamMissingError("no binary") },
  RestoreError: { cls: RestoreError, make: () => new RestoreError("no backup") },
  ConfigError: { cls: ConfigError, make: () => new ConfigError("must be an integer") },
  ImageError: { cls: ImageError, make: () => new ImageError("not_found", "gone") },
  CopyEscapeError: { cls: CopyEscapeError, make: () => new CopyEscapeError("lone backslash") },
  DumpFormatError: { cls: DumpFormatError, make: () => new DumpFormatError("no videos") },
  DumpTruncatedError: { cls: DumpTruncatedError, make: () => new DumpTruncatedError("derived_video", 7) },
  ImportFileError: { cls: ImportFileError, make: () => new ImportFileError("not JSON") },
  IngestBusyError: { cls: IngestBusyError, make: () => new IngestBusyError({ owner: "o", pid: 1, host: "h" }) },
  WorkerError: { cls: WorkerError, make: () => new WorkerError("failed", undefined) },
  MediaServerError: {
    cls: MediaServerError,
    make: () =>
      new MediaServerError("jellyfin at http://127.0.0.1:8096 refused the token (HTTP 401)", { kind: "refused", retryable: false, target: "jellyfin" }),
  },
  UpstreamError: { cls: UpstreamError, make: () => new UpstreamError("timed out", { kind: "timeout", url: "http://x/", retryable: true }) },
  ProviderParseError: { cls: ProviderParseError, make: () => new ProviderParseError("fanza", "not JSON") },
  FanzaApiError: { cls: FanzaApiError, make: () => new FanzaApiError("busy", 503) },
  EnvelopeError: { cls: EnvelopeError, make: () => new EnvelopeError(404, "no title has this ratingKey") },
  IngestRefusedError: { cls: IngestRefusedError, make: () => new IngestRefusedError("unknown provider") },
  KeyInputError: { cls: KeyInputError, make: () => new KeyInputError("a key needs a name") },
  TemplateError: { cls: TemplateError, make: () => new TemplateError("unknown field {nope}", 3) },
  OrganizeBusy: { cls: OrganizeBusy, make: () => new OrganizeBusy("run 3 is being applied") },
  NoSuchRun: { cls: NoSuchRun, make: () => new NoSuchRun("no organize run 7") },
  TargetTaken: { cls: TargetTaken, make: () => new TargetTaken("/lib/ABP-123.mp4 exists") },
  OutsideInbox: { cls: OutsideInbox, make: () => new OutsideInbox("/tmp/x is not inside the inbox /dl") },
  PersonEditRefused: { cls: PersonEditRefused, make: () => new PersonEditRefused("no edit 9") },
  AliasTableError: { cls: AliasTableError, make: () => new AliasTableError("not JSON") },
};

const SRC = resolve(import.meta.dirname, "../../src");

/** `class X extends Y` of every source file: [X, Y]. */
function classesOfSrc(): [string, string][] {
  const found: [string, string][] = [];
  for (const f of readdirSync(SRC, { recursive: true, encoding: "utf8" })) {
    if (!f.endsWith(".ts")) continue;
    for (const m of readFileSync(join(SRC, f), "utf8").matchAll(/\bclass (\w+) extends (\w+)/g)) found.push([m[1], m[2]]);
  }
  return found;
}

describe("the error classes of src/", () => {
  const declared = classesOfSrc();

  it("are the ones listed here, and only the root extends Error itself", () => {
    const errors = new Set(["Error"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [name, parent] of declared) {
        if (errors.has(parent) && !errors.has(name)) {
          errors.add(name);
          grew = true;
        }
      }
    }
    errors.delete("Error");
    errors.delete("VideoCatalogError");
    expect([...errors].sort()).toEqual(Object.keys(ERRORS).sort());
    expect(declared.filter(([, parent]) => parent === "Error").map(([name]) => name)).toEqual(["VideoCatalogError"]);
  });

  it("all extend VideoCatalogError, and their errors are named for their class", () => {
    for (const [name, { cls, make }] of Object.entries(ERRORS)) {
      expect(cls.prototype, name).toBeInstanceOf(VideoCatalogError);
      const err = make();
      expect(err, name).toBeInstanceOf(cls as unknown as typeof Error);
      expect(err, name).toBeInstanceOf(Error);
      expect(err.name, name).toBe(name === "RemoteError" ? "Error" : name);
    }
  });

  it("each have a VC_ERR_ code of their own, on the prototype, none shared (AppError the API's)", () => {
    const codes = new Map<string, string>();
    for (const [name, { cls, make }] of Object.entries(ERRORS)) {
      if (name === "AppError") continue;
      expect(Object.hasOwn(cls.prototype, "code"), `${name} has no code of its own`).toBe(true);
      const code = cls.prototype.code;
      expect(code, name).toMatch(/^VC_ERR_[A-Z0-9_]+$/);
      expect(codes.get(code), `${name} and ${codes.get(code)} share ${code}`).toBeUndefined();
      codes.set(code, name);
      const err = make();
      expect(err.code, name).toBe(code);
      // Not an own field: a log line or an IPC answer carries the fields it carried before.
      expect(Object.keys(err), name).not.toContain("code");
    }
    expect(codes.size).toBe(Object.keys(ERRORS).length - 1);
  });

  it("AppError's code is the API's, an own field as the answers and logs had it", () => {
    const err = new AppError("INVALID_PARAMETER", "bad");
    expect(err.code).toBe("INVALID_PARAMETER");
    expect(Object.keys(err)).toEqual(["code", "statusCode", "headers", "name"]);
    expect(Object.keys(ERROR_CODES).filter((c) => c.startsWith("VC_ERR_"))).toEqual([]);
  });

  it("an error carried from elsewhere keeps what it carries: a RemoteError its name, a WorkerError its code", () => {
    const remote = new RemoteError("IngestBusyError", "another ingest is running", { holder: { pid: 1 } });
    expect([remote.name, remote.code, remote.data]).toEqual(["IngestBusyError", "VC_ERR_REMOTE", { holder: { pid: 1 } }]);
    expect(new WorkerError("bad", "INVALID_PARAMETER").code).toBe("INVALID_PARAMETER");
    expect(Object.keys(new WorkerError("bad", "INVALID_PARAMETER"))).toEqual(["code", "name"]);
    expect(new WorkerError("failed", undefined).code).toBe("VC_ERR_WORKER");
    // The MetaTube and Plex faces answer with their status as error.code, whatever the class's code;
    // the message is the status's own text unless one is given.
    expect([new EnvelopeError(404).status, new EnvelopeError(400, "bad").status]).toEqual([404, 400]);
    expect([new EnvelopeError(404).message, new EnvelopeError(501).message, new EnvelopeError(400, "bad").message]).toEqual([
      "Not Found",
      "Not Implemented",
      "bad",
    ]);
  });
});
