/**
 * The state of the catalog's backup (BACKUP_TO), as /health and the dashboard show it.
 * The process that runs Litestream (the cluster's Litestream part) keeps it; a worker of
 * several asks its primary.
 */
export interface BackupState {
  /** BACKUP_TO, as set. */
  to: string;
  /** Litestream is running (it is restarted when it dies). */
  running: boolean;
  /**
   * 0 when the backup holds every commit of the catalog; else the seconds since it last
   * did: at most the age of the oldest commit it may lack (sampled each second).
   */
  lagSeconds: number;
  /** Bytes of the catalog's write-ahead log that the backup does not hold yet (at least). */
  lagBytes: number;
  /** When the backup last held every commit (ISO time); null when not yet since the server started. */
  lastSyncAt: string | null;
  /** Litestream's last error (or how it last died), null when none since the server started. */
  lastError: string | null;
  lastErrorAt: string | null;
  /** How often Litestream was restarted after dying. */
  restarts: number;
}

/** Where the state is read from: the Litestream supervisor, or the primary that runs it. */
export interface BackupStatus {
  state(): Promise<BackupState>;
}
