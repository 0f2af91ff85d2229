/** The images room: source images fetched through the one outbound client, cut with libvips (sharp), kept in a bounded disk cache. */

export { type BigPictures, bigFirst, bigPictures } from "./big-pictures.js";
export { cutImage } from "./cut.js";
export { ImageError, type ImageErrorKind } from "./errors.js";
export { MAX_SOURCE_BYTES } from "./fetch-source.js";
export { createImages, imagesFor, lazyImages } from "./images.js";
export type { CutImage, CutOptions, ImageKind, Images, ImagesOptions, ImagesStats, SourceImage } from "./types.js";
export type { PictureTree } from "./picture-tree.js";
export { gfriendsTree, type GfriendsOptions, pictureTreeFor } from "./gfriends.js";
