/** The service's version: in the OpenAPI document, MetaTube's index and the mark of every file `scan --write` writes. */
export const VERSION = "0.1.0";
