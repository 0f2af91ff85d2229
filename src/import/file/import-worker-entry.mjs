// Worker threads do not inherit the TypeScript loader of `node --import tsx`:
// register it in this thread, then load the worker itself.
import { register } from "tsx/esm/api";

register();
await import("./import-worker.ts");
