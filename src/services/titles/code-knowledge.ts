import { hasDvdId, hasLabel, type Db } from "../../catalog/index.js";
import { lookupCandidates, type CodeKnowledge } from "../../codes/index.js";

/** What the catalog knows of codes and labels, for reading names that hold more than one candidate. */
export function catalogKnowledge(db: Db): CodeKnowledge {
  return {
    hasCode: (code) => lookupCandidates(code).some((dvdId) => hasDvdId(db, dvdId)),
    hasLabel: (label) => hasLabel(db, label),
  };
}
