/**
 * The catalog's one entry: code outside src/catalog imports only this. Every
 * operation owns its statements and read transactions; no SQL and no FTS5 syntax
 * leaves the catalog. The caches it keeps per open catalog are in one object
 * (store/caches.ts). A second store (PostgreSQL, a read replica) would implement
 * these operations.
 */

// Opening, migrating, the connection's turn-long read transaction.
export { MIGRATIONS_DIR, openCatalog, openDatabase, type OpenOptions } from "./open/open-catalog.js";
export type { Db } from "./store/db.js";
export { clearCaches } from "./store/caches.js";
export { checkCatalog, titleHashes } from "./store/check.js";
export { checkCopy, migrationsMismatch } from "./open/copy-check.js";
export { catalogFullMessage, catalogFullMessageOf, isCatalogFull } from "./store/full.js";
export { endTurnSnapshot, turnSnapshot } from "./store/statements.js";
export { checkpointPassive, checkpointsLeftToOthers, leaveCheckpointsToOthers, type CheckpointResult } from "./store/checkpoint.js";
export { readWalEnd, walFileSalt, type WalEnd } from "./store/wal-index.js";
export { catalogVersion } from "./store/version.js";
export { ensureMeta, getMeta, setMeta } from "./store/meta.js";

// Titles: find by code, read, write.
export {
  catalogCounts,
  everyNthTitle,
  titleCount,
  catalogProviders,
  findByContentId,
  findByDvdId,
  altNamesOf,
  getMovieById,
  getMoviesByIds,
  hasDvdId,
  hasLabel,
  isCatalogEmpty,
  movieIdRange,
  providerStats,
  type RecordDoc,
  type StoredMovie,
} from "./store/movies-read.js";
export type { ProviderStats } from "./store/caches.js";
export { StoredHashes, type StoredTitle } from "./store/stored-hashes.js";
export {
  prepareChangedRecord,
  prepareRecord,
  purgeProvider,
  tryUpsertRecords,
  upsertRecords,
  type PreparedRecord,
  type UpsertResult,
} from "./store/movies-write.js";
export { writeWithoutWaiting } from "./store/no-wait.js";
export { recordJsonOf, type RecordJson } from "./wire/record-json.js";
export { movieJson, queryJson, recordsJson } from "./wire/answer-json.js";
export { bytesToLatin1, latin1ToBytes, resultsFromLatin1, resultsToLatin1, type ResultOnThread } from "./wire/thread-transfer.js";
export { foldName } from "./fts/name-tags.js";

// People: her record, names, titles and credits; the rebuild from the stored titles.
export {
  getPerson,
  getPersonFace,
  peopleNamed,
  personByKey,
  personKey,
  personNames,
  personProviders,
  personTitleIds,
  searchPeople,
  titleCredits,
  type NameKindOfPerson,
  type PersonFace,
  type PersonName,
  type PersonRecord,
} from "./store/people-read.js";
export { rebuildPeople } from "./store/people-rebuild.js";
export { type PushedRecord, pushedTo, recordPushed } from "./store/people-pushed.js";
// A user's edits of people: merges, splits, alias tables, each journalled and undone from the journal.
export {
  getPersonEdit,
  importAliasTable,
  listPersonEdits,
  mergePeople,
  ownKeys,
  PersonEditRefused,
  splitPerson,
  undoOfPersonEdit,
  undoPersonEdit,
  type ImportOutcome,
  type PersonEdit,
  type PersonEditKind,
} from "./store/people-edits.js";

// Search and random.
export { EMPTY_FILTER, isEmptyFilter, type CatalogFilter, type NameFilter } from "./search/filter-sql.js";
export { SORT_KEYS, type SortKey } from "./search/search.js";
export { closestTitleId, searchPage, searchTitleIds, titleResults, type Page, type PageQuery } from "./search/page.js";
export { randomDocs } from "./search/random.js";
export { catalogSettled } from "./search/match-bits.js";

// Keys.
export {
  createKey,
  listKeys,
  listKeysWithUsage,
  revokeKey,
  tryTouchKeys,
  verifyKey,
  type ApiKeyInfo,
  type KeyWithUsage,
  type KeyRequests,
} from "./store/keys.js";

// The dashboard's signed-in sessions.
export { createSession, deleteAllSessions, deleteSession, hashSessionToken, pruneSessions, sessionActive } from "./store/sessions.js";

// Ingest runs, their lock and checkpoints.
export {
  acquireIngestLock,
  commitPage,
  countRuns,
  listFailures,
  noteFailedAttempt,
  type FailedEntry,
  type RunTally,
  finishRun,
  getProviderState,
  lastFailedRun,
  listRuns,
  markCrawlStart,
  rankFailureKinds,
  runFailureKinds,
  releaseIngestLock,
  runningRun,
  startRun,
  type LockHolder,
  type RunRow,
} from "./store/ingest-store.js";

// Bulk loads (import, import-dump, the sample titles) and the dump's staging file.
export { BulkLoad, type BulkLoadOptions, type CommitStep } from "./bulk/bulk-load.js";
export {
  isR18Table,
  isStagedTable,
  STAGED_VIDEO_COLUMNS,
  stagedColumns,
  TABLE_COLUMNS,
  type BatchStart,
  type R18Table,
  type JoinedVideo,
  type StagedRef,
  type StagedRow,
  type StagedTable,
  type StagedVideo,
  type StagedVideoText,
} from "./staging/dump-tables.js";
export { StagedVideos } from "./staging/staged-videos.js";
export { StagingDb, stagingDirFor } from "./staging/staging-db.js";
export { VideoStaging, type VideoPlan, type VideoRows, type VideoStager } from "./staging/video-staging.js";
export { LinkStaging, type LinkRows, type LinkStager } from "./staging/link-staging.js";

// The organizer's journal: runs and their steps.
export {
  appendDoneStep,
  claimOrganizeRun,
  failUnit,
  finishOrganizeRun,
  finishUndoRun,
  getOrganizeRun,
  lastOrganizeRun,
  listOrganizeRuns,
  markStep,
  openOrganizeRuns,
  organizeRunSteps,
  placedFrom,
  startOrganizeRun,
  undoOfRun,
  type FileIdentity,
  type LeftFile,
  type NewOrganizeRun,
  type NewStep,
  type OrganizeMode,
  type OrganizeRun,
  type OrganizeRunKind,
  type OrganizeRunSummary,
  type OrganizeStep,
  type StepKind,
  type StepOp,
  type StepState,
} from "./store/organize-journal.js";

// The watcher's queue and outbox.
export {
  claimReady,
  dueNotices,
  getWatchJob,
  jobsInState,
  listNotices,
  listWatchJobs,
  markNotice,
  nextNoticeAt,
  nextPendingTry,
  outboxCounts,
  queueSettled,
  readWatchBeat,
  reportLongPending,
  requeueJobs,
  requeuePending,
  RESTING,
  settleJobs,
  watchCounts,
  watchHealth,
  writeWatchBeat,
  type JobOutcome,
  type NewNotice,
  type Notice,
  type NoticeKind,
  type SeenFile,
  type WatchBeat,
  type WatchHealth,
  type WatchJob,
  type WatchState,
} from "./store/watch-queue.js";
