/**
 * Templates for organize: parsed once into fields (template-syntax.ts says the language),
 * rendered by a pure function (template-render.ts), then made legal for the target file
 * system (file-names.ts).
 */
export { type FieldName, MARK_TEXTS, parseTemplate, type Template, TemplateError, type Token } from "./template-syntax.js";
export { type Piece, type RenderedPath, renderTemplate, type TemplateFields } from "./template-render.js";

/**
 * The layout when the user names none: a folder per actress (the first three, "Unknown"
 * without one), a folder per title, and the file named by its code, the marks its old
 * name carried and its part (`ABP-123-C-cd1`): the name every reader stacks and finds.
 */
export const DEFAULT_TEMPLATE = "{actresses}/{code} {title}/{code}{marks}{part}";
