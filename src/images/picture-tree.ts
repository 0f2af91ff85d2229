/**
 * A tree of actress pictures the user points at (Gfriends' `Filetree.json` layout, in a
 * local folder or at a URL): asked after the sources' own pictures, by her names.
 */
export interface PictureTree {
  /** The tree's picture (an http(s) or file URL) filed under exactly this name, or null. */
  pictureFor(name: string): Promise<string | null>;
}
