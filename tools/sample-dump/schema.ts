/**
 * The tables of the synthetic dump, in the column order of r18.dev's schema, and
 * the pg_dump-style text around the COPY blocks.
 */
export interface SampleColumn {
  name: string;
  type: string;
}

const cv = "character varying";
const tz = "timestamp with time zone DEFAULT CURRENT_TIMESTAMP NOT NULL";

/** Alphabetical, as pg_dump orders table data. */
export const SAMPLE_TABLES: Record<string, readonly SampleColumn[]> = {
  derived_actress: cols("id integer NOT NULL", `name_romaji ${cv}`, `image_url ${cv}`, `name_kanji ${cv}`, `name_kana ${cv}`),
  derived_category: cols("id integer NOT NULL", `name_en ${cv}`, `name_ja ${cv}`),
  derived_director: cols("id integer NOT NULL", `name_kanji ${cv}`, `name_kana ${cv}`, `name_romaji ${cv}`),
  derived_label: cols("id integer NOT NULL", `name_en ${cv}`, `name_ja ${cv}`),
  derived_maker: cols("id integer NOT NULL", `name_en ${cv}`, `name_ja ${cv}`),
  derived_series: cols("id integer NOT NULL", `name_en ${cv}`, `name_ja ${cv}`),
  derived_video: cols(
    `content_id ${cv} NOT NULL`,
    `dvd_id ${cv}`,
    `title_en ${cv}`,
    `title_ja ${cv}`,
    `comment_en ${cv}`,
    `comment_ja ${cv}`,
    "runtime_mins integer",
    "release_date date",
    `sample_url ${cv}`,
    "maker_id integer",
    "label_id integer",
    "series_id integer",
    `jacket_full_url ${cv}`,
    `jacket_thumb_url ${cv}`,
    `gallery_full_first ${cv}`,
    `gallery_full_last ${cv}`,
    `gallery_thumb_first ${cv}`,
    `gallery_thumb_last ${cv}`,
    "site_id integer NOT NULL",
    `service_code ${cv} NOT NULL`,
  ),
  derived_video_actress: cols(`content_id ${cv} NOT NULL`, "actress_id integer NOT NULL", "ordinality integer", "release_date date"),
  derived_video_category: cols(`content_id ${cv} NOT NULL`, "category_id integer NOT NULL", "release_date date"),
  derived_video_director: cols(`content_id ${cv} NOT NULL`, "director_id integer NOT NULL"),
  machine_translation: cols("id integer NOT NULL", `source_ja ${cv} NOT NULL`, `target_en ${cv} NOT NULL`, `"timestamp" ${tz}`),
  source_dmm_trailer: cols(`content_id ${cv} NOT NULL`, `url ${cv}`, `"timestamp" ${tz}`),
};

function cols(...defs: string[]): SampleColumn[] {
  return defs.map((d) => {
    const space = d.indexOf(" ");
    return { name: d.slice(0, space), type: d.slice(space + 1) };
  });
}

export const DUMP_HEADER = `--
-- PostgreSQL database dump
--

-- Dumped from database version 16.4
-- Dumped by pg_dump version 16.4

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

`;

export const DUMP_FOOTER = `--
-- PostgreSQL database dump complete
--

`;

function comment(name: string, type: string): string {
  return `--\n-- Name: ${name}; Type: ${type}; Schema: public; Owner: -\n--\n\n`;
}

export function createTableSql(table: string): string {
  const body = SAMPLE_TABLES[table].map((c) => `    ${c.name} ${c.type}`).join(",\n");
  let sql = `${comment(table, "TABLE")}CREATE TABLE public.${table} (\n${body}\n);\n\n\n`;
  if (table === "machine_translation") {
    sql +=
      comment("machine_translation_id_seq", "SEQUENCE") +
      "ALTER TABLE public.machine_translation ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (\n" +
      "    SEQUENCE NAME public.machine_translation_id_seq\n    START WITH 1\n    INCREMENT BY 1\n" +
      "    NO MINVALUE\n    NO MAXVALUE\n    CACHE 1\n);\n\n\n";
  }
  return sql;
}

/** `columns` are names as they appear in SQL (already quoted where needed). */
export function copyHeaderSql(table: string, columns: readonly string[]): string {
  const data = `--\n-- Data for Name: ${table}; Type: TABLE DATA; Schema: public; Owner: -\n--\n\n`;
  return `${data}COPY public.${table} (${columns.join(", ")}) FROM stdin;\n`;
}

export const COPY_END = "\\.\n\n\n";

export function primaryKeySql(table: string, key: string): string {
  return comment(`${table} ${table}_pkey`, "CONSTRAINT") + `ALTER TABLE ONLY public.${table}\n    ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${key});\n\n\n`;
}
