/**
 * Labels whose codes the generic rules would misread, as the studios write them.
 * The catalog knows far more labels (a candidate whose label it holds wins anyway):
 * these lists only decide when there is no catalog to ask.
 */

/**
 * Labels with digits inside, read from their first letter (S2MBD-007, not MBD-007):
 * DMM content ids put junk of the same shape before a label (d2cesd901 is CESD-901),
 * so a glued label with digits inside is read literally only when it is one of these.
 */
export const LITERAL_LABELS: ReadonlySet<string> = new Set(["S2M", "S2MBD", "S2MCR", "MK3D2DBD", "3DMKBD"]);

/** Labels whose codes end in a letter after the number (IBW-398Z): that letter is no part or subtitle mark. */
export const CODE_LETTER_LABELS: ReadonlySet<string> = new Set(["IBW"]);
