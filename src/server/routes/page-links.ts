import type { FastifyReply } from "fastify";

/** Where a page sits in its answer: what its links and x-total-count are made from. */
export interface PagePosition {
  page: number;
  pageSize: number;
  /** Results on this page. */
  count: number;
  total: number;
  lastPage: number;
}

/** RFC 8288 links to the neighbouring pages, as GET URLs with `params` (in their order), then num and page. */
export function pageLinks(path: string, params: Record<string, string>, at: PagePosition): string | null {
  const link = (page: number, rel: string) =>
    `<${path}?${new URLSearchParams({ ...params, num: String(at.pageSize), page: String(page) }).toString()}>; rel="${rel}"`;
  const links: string[] = [];
  if (at.count > 0 && (at.page - 1) * at.pageSize + at.count < at.total) links.push(link(at.page + 1, "next"));
  if (at.page > 1) links.push(link(Math.min(at.page - 1, at.lastPage), "prev"));
  return links.length ? links.join(", ") : null;
}

/** x-total-count and, where there are neighbouring pages, their links. */
export function pageHeaders(reply: FastifyReply, path: string, params: Record<string, string>, at: PagePosition): void {
  reply.header("x-total-count", String(at.total));
  const links = pageLinks(path, params, at);
  if (links) reply.header("link", links);
}
